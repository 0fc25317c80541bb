#!/usr/bin/env node
// `npm test`: every test in one command. Vitest (shared, API against a real PostgreSQL, web in
// jsdom), then the production build and Playwright in Debian's Chromium against the real server.
// Ends with one closing line `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { closingLine, countPlaywright, countVitest, playwrightFailures, sum, vitestFailures } from './test-report.mjs';

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
// Static checks, a missing report, a failed build: one failure each, on top of the reports' counts.
const totals = { passed: 0, failed: 0, skipped: 0, broken: [] };
const parts = [totals];
// The failed tests by name, printed above the closing line (a CI log may keep only its tail).
const failures = [];
let exitCode = 0;

// 0. Static checks: types, lint and formatting (Prettier) must be clean, or the run fails.
if (process.env.SKIP_STATIC !== '1') {
  for (const script of ['typecheck', 'lint', 'format:check']) {
    if (run('npm', ['run', '--silent', script]) !== 0) {
      console.error(`npm run ${script} failed`);
      totals.failed += 1;
      totals.broken.push(`npm run ${script}`);
      exitCode = 1;
    }
  }
}

// 1. Vitest: unit + API + web component tests.
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  parts.push(countVitest(report));
  failures.push(...vitestFailures(report));
} else {
  totals.failed += 1;
  totals.broken.push('Vitest wrote no report');
}
if (vitestStatus !== 0) exitCode = 1;

// 2. Production build, then end-to-end tests in Chromium against it.
if (process.env.SKIP_E2E !== '1') {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    totals.failed += 1;
    totals.broken.push('npm run build');
    exitCode = 1;
  } else {
    const pwStatus = run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
    if (existsSync(playwrightReport)) {
      const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
      parts.push(countPlaywright(report));
      failures.push(...playwrightFailures(report));
    } else {
      totals.failed += 1;
      totals.broken.push('Playwright wrote no report');
    }
    if (pwStatus !== 0) exitCode = 1;
  }
}

const all = sum(...parts);
if (exitCode !== 0 && all.failed === 0) all.failed = 1;
if (all.failed > 0) exitCode = 1;
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nAll tests finished in ${seconds} s.`);
for (const line of failures) console.log(`Failed: ${line}`);
for (const line of all.broken) console.log(`Failed outside a test: ${line}`);
console.log(closingLine(all));
process.exit(exitCode);
