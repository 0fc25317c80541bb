// The entry of the CPU pool's worker threads (decision 020). Node 20 loads a worker's entry before
// the hooks that `--import tsx` registers apply to it, so a `.ts` entry fails even under
// `node --import tsx` (and Vitest's forks do not have tsx at all): tsx is registered here, in plain
// JavaScript, and then the TypeScript handler is loaded through it. The same file serves `npm start`,
// the Vitest API tests and `npm run bench`.
import { register } from 'tsx/esm/api';

register();
const { default: handle } = await import('./cpu-worker.ts');

export default handle;
