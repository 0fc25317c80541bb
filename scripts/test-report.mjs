// Counting for the closing line of `npm test` (scripts/test.mjs), from the JSON reports of Vitest and
// Playwright. Pure functions, so they are tested on reports captured from real runs
// (scripts/test-report.test.mjs, scripts/fixtures/).

/**
 * @typedef {{ passed: number, failed: number, skipped: number, broken: string[] }} Counts
 * `broken` names what failed without a failing test to show for it (a file whose set-up threw,
 * an error outside any test), so the closing line can say where to look.
 */

/** @returns {Counts} */
const zero = () => ({ passed: 0, failed: 0, skipped: 0, broken: [] });

/**
 * Vitest's JSON report (`--reporter=json`). Its totals are not enough: when a file's set-up throws
 * (top level, an import, `beforeAll`), the file is `failed` but its tests come out `skipped`, or not
 * at all (`assertionResults: []`), and `numFailedTests` is 0. Here a failed file counts every test
 * of it that did not pass as failed, and at least 1, so a broken file always counts as failed.
 * (A test skipped on purpose in a file that failed counts as failed too: it did not run, the file
 * is red anyway, and the report cannot tell the two apart.)
 * @param {any} report
 * @returns {Counts}
 */
export function countVitest(report) {
  const counts = zero();
  for (const file of report?.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const passed = tests.filter((t) => t.status === 'passed').length;
    const failed = tests.filter((t) => t.status === 'failed').length;
    const notRun = tests.length - passed - failed;
    counts.passed += passed;
    if (file.status === 'failed') {
      counts.failed += Math.max(failed + notRun, 1);
      if (failed === 0)
        counts.broken.push(
          `${file.name}: ${firstLine(file.message) || 'the file failed outside its tests (set-up or tear-down)'}`,
        );
    } else {
      counts.failed += failed;
      counts.skipped += notRun;
    }
  }
  // Failed without a failed file: an unhandled error, or a failure Vitest keeps out of the files.
  if (report?.success === false && counts.failed === 0) {
    counts.failed += 1;
    counts.broken.push('Vitest reported a failure outside the test files (an unhandled error?)');
  }
  return counts;
}

/**
 * Playwright's JSON report. `stats.unexpected` misses two kinds of breakage: a spec file that throws
 * while loading (a top-level `errors` entry, and none of its tests in the report), and the tests a
 * failing `beforeAll` kept from running (status `skipped` though they were expected to pass).
 * @param {any} report
 * @returns {Counts}
 */
export function countPlaywright(report) {
  const counts = zero();
  for (const test of allTests(report?.suites ?? [])) {
    const last = test.results?.at(-1);
    const status = last?.status ?? 'skipped';
    if (test.status === 'expected' || test.status === 'flaky') {
      if (status === 'skipped') counts.skipped += 1;
      else counts.passed += 1;
    } else if (test.status === 'skipped') {
      // Skipped on purpose (test.skip, test.fixme): expected `skipped`; otherwise it was kept from running.
      if (test.expectedStatus === 'skipped') counts.skipped += 1;
      else counts.failed += 1;
    } else {
      counts.failed += 1;
    }
  }
  for (const error of report?.errors ?? []) {
    counts.failed += 1;
    counts.broken.push(`${error.location?.file ?? 'Playwright'}: ${firstLine(error.message)}`);
  }
  return counts;
}

/**
 * The failed tests by name, with the first line of their error, for the lines printed just above
 * the closing line: a CI log that keeps only its tail still says which test failed and why.
 * @param {any} report Vitest's JSON report
 * @returns {string[]}
 */
export function vitestFailures(report) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const name = [...(test.ancestorTitles ?? []), test.title].join(' › ');
      out.push(`${shortPath(file.name)} › ${name}: ${firstLine(test.failureMessages?.[0]) || 'failed'}`);
    }
  }
  return out;
}

/**
 * The same for Playwright: every test that ended unexpected (or did not run when it should have),
 * named by its file, line and title path. @param {any} report @returns {string[]}
 */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suites, path) => {
    for (const suite of suites) {
      const inner = suite.title && suite.title !== suite.file ? [...path, suite.title] : path;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const last = test.results?.at(-1);
          const failed =
            test.status === 'unexpected' || (test.status === 'skipped' && test.expectedStatus !== 'skipped');
          if (!failed) continue;
          const why = firstLine(last?.error?.message) || (last ? `ended ${last.status}` : 'did not run');
          out.push(`${shortPath(spec.file)}:${spec.line} › ${[...inner, spec.title].join(' › ')}: ${why}`);
        }
      }
      walk(suite.suites ?? [], inner);
    }
  };
  walk(report?.suites ?? [], []);
  return out;
}

/** Adds counts up. @param {...Counts} parts @returns {Counts} */
export function sum(...parts) {
  const total = zero();
  for (const p of parts) {
    total.passed += p.passed;
    total.failed += p.failed;
    total.skipped += p.skipped;
    total.broken.push(...p.broken);
  }
  return total;
}

/** The closing line CI reads. @param {Counts} c */
export const closingLine = (c) => `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;

function* allTests(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) yield* spec.tests ?? [];
    yield* allTests(suite.suites ?? []);
  }
}

/** A path from the repository's root (reports hold absolute paths). */
function shortPath(file) {
  const s = String(file ?? '');
  const i = s.search(/\/(apps|packages|scripts)\//);
  return i >= 0 ? s.slice(i + 1) : s;
}

function firstLine(text) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}
