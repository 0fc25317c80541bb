import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closingLine, countPlaywright, countVitest, playwrightFailures, sum, vitestFailures } from './test-report.mjs';

// JSON reports captured from real runs (paths shortened to /repo): see scripts/fixtures/.
const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('countVitest', () => {
  it('counts a clean report as Vitest does', () => {
    expect(countVitest(fixture('vitest-ok.json'))).toEqual({ passed: 1, failed: 0, skipped: 1, broken: [] });
  });

  it('counts a file whose set-up throws as failed, beside a file with a real failure', () => {
    // Four files: one test failing for real (and one passing), a file whose top level throws (no
    // tests collected), a beforeAll that throws (its three tests come out "skipped"), and a clean
    // file with a test skipped on purpose. Vitest's own totals say 1 failed and 4 skipped.
    const report = fixture('vitest-broken-files.json');
    expect(report.numFailedTests).toBe(1);
    expect(report.numPendingTests).toBe(4);
    const counts = countVitest(report);
    expect(counts).toMatchObject({ passed: 2, failed: 5, skipped: 1 });
    expect(counts.broken).toEqual([
      '/repo/packages/shared/src/zz-broken-beforeall.test.ts: the file failed outside its tests (set-up or tear-down)',
      '/repo/packages/shared/src/zz-broken-top.test.ts: broken set-up at the top of the file',
    ]);
  });

  it('counts a file that failed with no test to show as one failure', () => {
    const report = {
      success: false,
      testResults: [{ name: 'a.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] }],
    };
    expect(countVitest(report)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      broken: ['a.test.ts: Cannot find module'],
    });
  });

  it('counts a failed run with every file green (an unhandled error) as one failure', () => {
    const report = {
      success: false,
      testResults: [{ name: 'a.test.ts', status: 'passed', message: '', assertionResults: [{ status: 'passed' }] }],
    };
    expect(countVitest(report)).toMatchObject({ passed: 1, failed: 1 });
  });
});

describe('countPlaywright', () => {
  it('counts the tests a failing beforeAll kept from running as failed, and a skipped test as skipped', () => {
    // A describe whose beforeAll throws (three tests: two fail, one "did not run") and a file with
    // a passing, a failing and a skipped test. Playwright's stats say 3 unexpected and 2 skipped.
    const report = fixture('playwright-beforeall-fails.json');
    expect(report.stats).toMatchObject({ expected: 1, unexpected: 3, skipped: 2 });
    expect(countPlaywright(report)).toEqual({ passed: 1, failed: 4, skipped: 1, broken: [] });
  });

  it('counts a spec file that throws while loading as failed (no test runs, the stats are all zero)', () => {
    const report = fixture('playwright-load-error.json');
    expect(report.stats).toMatchObject({ expected: 0, unexpected: 0, skipped: 0 });
    expect(countPlaywright(report)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      broken: ['/repo/apps/web/e2e/zz-broken-top.spec.ts: Error: broken at the top of the file'],
    });
  });
});

describe('the closing line', () => {
  it('adds the parts up', () => {
    const all = sum(
      countVitest(fixture('vitest-broken-files.json')),
      countPlaywright(fixture('playwright-load-error.json')),
      {
        passed: 0,
        failed: 1,
        skipped: 0,
        broken: ['npm run lint'],
      },
    );
    expect(closingLine(all)).toBe('2 passed, 7 failed, 1 skipped');
    expect(all.broken).toHaveLength(4);
    expect(closingLine({ passed: 3, failed: 0, skipped: 0, broken: [] })).toBe('3 passed, 0 failed');
  });
});

describe('the failed tests by name', () => {
  it('names each failed Vitest test with its file and the first line of its error', () => {
    expect(vitestFailures(fixture('vitest-broken-files.json'))).toEqual([
      'packages/shared/src/zz-fails.test.ts › fails for real: AssertionError: expected 1 to be 2 // Object.is equality',
    ]);
    expect(vitestFailures(fixture('vitest-ok.json'))).toEqual([]);
  });

  it('names each failed Playwright test with its file, line and title path, and the tests a set-up kept from running', () => {
    expect(playwrightFailures(fixture('playwright-beforeall-fails.json'))).toEqual([
      'zz-broken-beforeall.spec.ts:6 › set-up throws › one: Error: beforeAll fails',
      'zz-broken-beforeall.spec.ts:7 › set-up throws › two: ended skipped',
      'zz-broken-beforeall.spec.ts:8 › set-up throws › three: Error: beforeAll fails',
      'zz-ok.spec.ts:4 › fails: Error: expect(received).toBe(expected) // Object.is equality',
    ]);
  });
});
