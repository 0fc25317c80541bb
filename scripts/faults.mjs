#!/usr/bin/env node
// `npm run faults`: the audit as a command. Each fault of scripts/faults/catalog.mjs is a small,
// deliberate bug written into one source file (one exact text replaced by another); the script
// applies one at a time, runs the tests named for it, restores the file, and prints a table: which
// faults some test caught, and by which test. A fault no test catches is a gap in the tests.
// FAULTS_ONLY=id,id runs some of them. Decision 005 (hardening) says why this sits beside
// mutation testing (`npm run mutation`): these are the faults people make, not every operator swap.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { FAULTS, applyFault, checkFault, filesOf } from './faults/catalog.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp', 'faults');
mkdirSync(tmp, { recursive: true });
const only = new Set(
  (process.env.FAULTS_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const chosen = FAULTS.filter((f) => !only.size || only.has(f.id));

// Every fault must still fit the code before any runs (a stale one would "pass" for nothing).
const stale = chosen.map((f) => checkFault(root, f)).filter(Boolean);
if (stale.length) {
  for (const s of stale) console.error(`stale fault: ${s}`);
  process.exit(2);
}

let restore = null;
const onSignal = () => {
  restore?.();
  process.exit(130);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const rows = [];
for (const fault of chosen) {
  const originals = filesOf(fault).map((f) => [join(root, f), f, readFileSync(join(root, f), 'utf8')]);
  restore = () => {
    for (const [file, , original] of originals) writeFileSync(file, original);
  };
  const report = join(tmp, `${fault.id}.json`);
  rmSync(report, { force: true });
  const started = Date.now();
  let status;
  try {
    for (const [file, name, original] of originals) writeFileSync(file, applyFault(original, fault, name));
    const args = [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...fault.projects.flatMap((p) => ['--project', p]),
      ...fault.tests,
      '--reporter=json',
      `--outputFile.json=${report}`,
    ];
    status = spawnSync(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, CI: '1' },
    }).status;
  } finally {
    restore();
    restore = null;
  }
  const failedTests = [];
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    for (const f of r.testResults ?? []) {
      for (const t of f.assertionResults ?? [])
        if (t.status === 'failed') failedTests.push(`${f.name.replace(root, '')} › ${t.title}`);
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${f.name.replace(root, '')} (the file failed to run)`);
    }
  }
  // Caught only by a failing test: a file that fails to load is a broken fault, not a catch.
  const caught = status !== 0 && failedTests.some((t) => !t.endsWith('(the file failed to run)'));
  rows.push({ fault, caught, by: failedTests, seconds: Math.round((Date.now() - started) / 1000), status });
  console.log(
    `${caught ? 'caught ' : 'MISSED '} ${fault.id.padEnd(28)} ${Math.round((Date.now() - started) / 1000)} s  ${caught ? failedTests[0] : failedTests.join('; ') || '(no test failed)'}`,
  );
}

const missed = rows.filter((r) => !r.caught);
console.log(`\n| # | fault | area | caught | by |\n|---|---|---|---|---|`);
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${r.fault.what} | ${r.fault.area} | ${r.caught ? 'yes' : '**no**'} | ${r.caught ? `${r.by[0]}${r.by.length > 1 ? ` (+${r.by.length - 1})` : ''}` : '—'} |`,
  ),
);
console.log(`\n${rows.length - missed.length} of ${rows.length} faults caught.`);
process.exit(missed.length ? 1 : 0);
