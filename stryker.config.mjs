// StrykerJS over one area of scripts/mutation-areas.mjs, chosen by MUTATION_AREA; run it through
// `npm run mutation` (docs/decisions/021-mutation-testing.md), which runs every area and sums up.
import { areaNamed } from './scripts/mutation-areas.mjs';

const area = areaNamed(process.env.MUTATION_AREA ?? 'shared');
// Read by stryker.vitest.config.ts in Stryker's worker processes, which inherit this environment.
process.env.MUTATION_PROJECT = area.project;
process.env.MUTATION_TESTS = area.tests.join(',');
process.env.MUTATION_DATABASE = area.database === false ? '0' : '1';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker.vitest.config.ts' },
  // MUTATION_MUTATE=file,file narrows the area to some of its files (or lines: file:10-20).
  mutate: process.env.MUTATION_MUTATE ? process.env.MUTATION_MUTATE.split(',') : area.mutate,
  // Each mutant runs only the tests that reached it in the first (coverage) run.
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process at a time.
  concurrency: 1,
  // An API test file builds its app and database before its first test; a busy machine is slow. A
  // mutant that loops forever costs this margin, and a restart of the test process.
  timeoutMS: area.project === 'api' && area.database !== false ? 30_000 : 5_000,
  dryRunTimeoutMinutes: 30,
  // What the sandbox copy needs: the workspace's packages and config, not the web app or generated files.
  ignorePatterns: ['/apps/web', '/docs', '/data', '/.tmp', '/coverage', '/dist', '/test-results', '/playwright-report'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  reporters: ['json', 'html', 'progress'],
  jsonReporter: { fileName: `.stryker-tmp/reports/${area.name}.json` },
  htmlReporter: { fileName: `.stryker-tmp/reports/${area.name}.html` },
};
