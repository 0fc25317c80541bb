#!/usr/bin/env node
// `npm run mutation`: StrykerJS over each area of scripts/mutation-areas.mjs in turn (one test process,
// the machine is shared), then one plain-text summary per area and in total, with every surviving
// mutant as file:line:column, mutator and replacement (docs/decisions/021-mutation-testing.md).
// MUTATION_ONLY=shared,api-upload runs only those areas; MUTATION_MUTATE=file,file narrows them to
// those files; MUTATION_REPORT_ONLY=1 only re-reads the reports of the last run. Stryker's sandboxes, logs and
// reports stay in .stryker-tmp/ (ignored).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { areas, areaNamed } from './mutation-areas.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.stryker-tmp');
const reports = join(out, 'reports');

/** Counts of one report (or several): Stryker's statuses and its mutation score. */
export function countMutants(mutants) {
  const n = { mutants: mutants.length, killed: 0, survived: 0, noCoverage: 0, timeout: 0, errors: 0, ignored: 0 };
  for (const m of mutants) {
    if (m.status === 'Killed') n.killed++;
    else if (m.status === 'Survived') n.survived++;
    else if (m.status === 'NoCoverage') n.noCoverage++;
    else if (m.status === 'Timeout') n.timeout++;
    else if (m.status === 'Ignored') n.ignored++;
    else n.errors++; // CompileError, RuntimeError, Pending
  }
  // Stryker's definition: detected (killed, timed out) over valid (detected, survived, no coverage).
  const valid = n.killed + n.timeout + n.survived + n.noCoverage;
  n.score = valid === 0 ? null : ((n.killed + n.timeout) / valid) * 100;
  return n;
}

const pct = (s) => (s === null ? 'n/a' : `${s.toFixed(1)} %`);
const oneLine = (s, max = 120) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export function countsLine(n) {
  return `mutants ${n.mutants}, killed ${n.killed}, survived ${n.survived}, no coverage ${n.noCoverage}, timeout ${n.timeout}${n.errors ? `, errors ${n.errors}` : ''}${n.ignored ? `, ignored ${n.ignored}` : ''}; score ${pct(n.score)}`;
}

/**
 * The summary of one area's Stryker JSON report (mutation-testing-report-schema): counts per file and
 * in all, then the mutants no test caught (survived, or reached by no test) in file and line order.
 */
export function summarizeReport(report) {
  const lines = [];
  const all = [];
  const survivors = [];
  const explained = [];
  for (const [file, data] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const source = data.source.split('\n');
    all.push(...data.mutants);
    lines.push(`  ${file}: ${countsLine(countMutants(data.mutants))}`);
    for (const m of data.mutants) {
      // A mutant marked in the code (`// Stryker disable next-line Mutator: why`) as one no test can
      // tell apart: listed with its reason, so the explanation is read where the mutant is.
      if (m.status === 'Ignored') {
        explained.push(
          `  ${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}: ${oneLine(m.statusReason ?? 'no reason given', 160)}`,
        );
        continue;
      }
      if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
      const { start, end } = m.location;
      const original =
        start.line === end.line
          ? source[start.line - 1].slice(start.column - 1, end.column - 1)
          : [
              source[start.line - 1].slice(start.column - 1),
              ...source.slice(start.line, end.line - 1),
              source[end.line - 1].slice(0, end.column - 1),
            ].join('\n');
      survivors.push({ file, line: start.line, column: start.column, m, original });
    }
  }
  survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const list = survivors.map(
    ({ file, line, column, m, original }) =>
      `  ${file}:${line}:${column} ${m.mutatorName}${m.status === 'NoCoverage' ? ' [no coverage]' : ''}${m.static ? ' [static]' : ''}: ${oneLine(original, 80)} → ${oneLine(m.replacement ?? '', 80)}`,
  );
  return { counts: countMutants(all), perFile: lines, survivors: list, explained, mutants: all };
}

function runStryker(area) {
  mkdirSync(join(out, 'logs'), { recursive: true });
  rmSync(join(reports, `${area.name}.json`), { force: true });
  const log = join(out, 'logs', `${area.name}.log`);
  const file = createWriteStream(log);
  const started = Date.now();
  console.log(`\n== ${area.name}: ${area.note}\n   Stryker's log: ${log}`);
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', 'stryker.config.mjs'],
      {
        cwd: root,
        env: { ...process.env, MUTATION_AREA: area.name, FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let last = 0;
    const onData = (chunk) => {
      file.write(chunk);
      // Stryker's progress lines, at most one a minute here (the log has them all).
      const text = chunk.toString();
      const progress = text.match(/Mutation testing .*tested.*/g);
      if (progress && Date.now() - last > 60_000) {
        last = Date.now();
        console.log(`   ${progress.at(-1)}`);
      } else if (/ERROR|Error:/.test(text) && !progress) process.stdout.write(text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => {
      file.end();
      resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const duration = (s) => (s === undefined ? 'time unknown' : `${Math.floor(s / 60)} min ${s % 60} s`);

async function main() {
  const chosen = process.env.MUTATION_ONLY
    ? process.env.MUTATION_ONLY.split(',').map((s) => areaNamed(s.trim()))
    : areas;
  const reportOnly = process.env.MUTATION_REPORT_ONLY === '1';
  const results = [];
  let exitCode = 0;
  for (const area of chosen) {
    const file = join(reports, `${area.name}.json`);
    // How long the area's last run took, kept beside its report for a later MUTATION_REPORT_ONLY.
    const timeFile = join(reports, `${area.name}.seconds`);
    const run = reportOnly
      ? { code: 0, seconds: existsSync(timeFile) ? Number(readFileSync(timeFile, 'utf8')) : undefined }
      : await runStryker(area);
    if (!reportOnly && run.code === 0) writeFileSync(timeFile, String(run.seconds));
    if (run.code !== 0 || !existsSync(file)) {
      console.error(`   ${area.name}: Stryker failed (exit ${run.code}); see .stryker-tmp/logs/${area.name}.log`);
      results.push({ area, run, failed: true });
      exitCode = 1;
      continue;
    }
    results.push({ area, run, ...summarizeReport(JSON.parse(readFileSync(file, 'utf8'))) });
  }

  const text = ['', 'Mutation testing (StrykerJS; docs/decisions/021-mutation-testing.md)', ''];
  for (const r of results) {
    text.push(`${r.area.name} (${duration(r.run.seconds)}): ${r.failed ? 'FAILED, no report' : countsLine(r.counts)}`);
    if (r.failed) continue;
    text.push(...r.perFile);
    text.push(r.survivors.length ? `  Not caught (${r.survivors.length}):` : '  Not caught: none');
    text.push(...r.survivors.map((s) => `  ${s}`));
    if (r.explained.length)
      text.push(`  Explained in the code as equivalent (${r.explained.length}):`, ...r.explained.map((s) => `  ${s}`));
    text.push('');
  }
  const done = results.filter((r) => !r.failed);
  const total = countMutants(done.flatMap((r) => r.mutants));
  text.push(`Total (${done.length} of ${results.length} areas): ${countsLine(total)}`);
  const printed = text.join('\n');
  console.log(printed);
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'summary.txt'), `${printed}\n`);
  console.log(`\n(also in .stryker-tmp/reports/summary.txt; per area an HTML report beside it)`);
  process.exitCode = exitCode;
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) await main();
