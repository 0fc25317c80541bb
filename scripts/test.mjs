#!/usr/bin/env node
// `npm test`: every test in one command. Vitest (shared, API against a real PostgreSQL, web in
// jsdom), then the production build and Playwright in Debian's Chromium against the real server.
// Ends with one closing line `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestReport = join(tmp, 'vitest.json');
const playwrightReport = join(tmp, 'playwright.json');
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

// 0. Static checks: types and lint must be clean, or the run fails.
if (process.env.SKIP_STATIC !== '1') {
  for (const script of ['typecheck', 'lint']) {
    if (run('npm', ['run', '--silent', script]) !== 0) {
      console.error(`npm run ${script} failed`);
      totals.failed += 1;
      exitCode = 1;
    }
  }
}

// 1. Vitest: unit + API + web component tests.
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numRuntimeErrorTests ?? 0);
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) totals.failed += r.numFailedTestSuites;
} else {
  totals.failed += 1;
}
if (vitestStatus !== 0) exitCode = 1;

// 2. Production build, then end-to-end tests in Chromium against it.
if (process.env.SKIP_E2E !== '1') {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    totals.failed += 1;
    exitCode = 1;
  } else {
    const pwStatus = run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
    if (existsSync(playwrightReport)) {
      const s = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
    } else {
      totals.failed += 1;
    }
    if (pwStatus !== 0) exitCode = 1;
  }
}

if (exitCode !== 0 && totals.failed === 0) totals.failed = 1;
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nAll tests finished in ${seconds} s.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
