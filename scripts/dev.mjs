#!/usr/bin/env node
// `npm run dev`: the API with file watching (tsx) and Vite with hot reload; Vite proxies /api.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(
    'node',
    ['--watch-path=apps/api/src', '--watch-path=packages/shared/src', '--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? '' },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', '@habla/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
// Ctrl-C and `kill -- -PGID` reach the whole process group, children included; a second signal
// would make the API skip its clean shutdown, so forward only to children still running later.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => setTimeout(() => stop('SIGTERM'), 3000).unref());
}
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop('SIGTERM');
  });
