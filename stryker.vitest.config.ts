import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import api from './apps/api/vitest.config.ts';
import shared from './packages/shared/vitest.config.ts';

// Vitest as Stryker runs it (stryker.config.mjs; docs/decisions/021-mutation-testing.md): one
// project, the package's own test options (the API's global setup starts the embedded PostgreSQL
// once per Stryker worker) with only the area's test files, so a mutant that every test reaches
// (code run on import) runs those files and not the whole suite.
const here = path.dirname(fileURLToPath(import.meta.url));
const isApi = process.env.MUTATION_PROJECT === 'api';
const base = isApi ? api : shared;
const include = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
// node_modules/@habla/shared links to the checkout's package, not to the sandbox's copy that Stryker
// mutates: the API takes the shared package from beside this file (the sandbox), as it would its own.
const sharedSrc = path.join(here, 'packages/shared/src');

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: [
            { find: /^@habla\/shared$/, replacement: path.join(sharedSrc, 'index.ts') },
            { find: /^@habla\/shared\/(.+)$/, replacement: `${sharedSrc}/$1.ts` },
          ],
        },
        test: {
          ...base.test,
          root: isApi ? 'apps/api' : 'packages/shared',
          ...(include.length > 0 ? { include } : {}),
          ...(process.env.MUTATION_DATABASE === '0' ? { globalSetup: [] } : {}),
        },
      },
    ],
  },
});
