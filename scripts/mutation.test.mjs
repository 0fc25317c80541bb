import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { areaNamed, areas, functionLines } from './mutation-areas.mjs';
import { countMutants, countsLine, summarizeReport } from './mutation.mjs';

// A Stryker JSON report (mutation-testing-report-schema) reduced to what the summary reads.
const mutant = (id, status, line, column, endColumn, mutatorName, replacement, extra = {}) => ({
  id,
  status,
  mutatorName,
  replacement,
  location: { start: { line, column }, end: { line, column: endColumn } },
  ...extra,
});
const report = {
  files: {
    'src/b.ts': {
      source: 'export const pass = (s, min) => s >= min;\n',
      mutants: [
        mutant('1', 'Killed', 1, 33, 41, 'EqualityOperator', 's < min'),
        mutant('2', 'Survived', 1, 33, 41, 'EqualityOperator', 's > min'),
      ],
    },
    'src/a.ts': {
      source: "const NOTHING = 'false';\nexport const f = () => NOTHING;\n",
      mutants: [
        mutant('3', 'NoCoverage', 1, 17, 24, 'StringLiteral', '""', { static: true }),
        mutant('4', 'Timeout', 2, 18, 31, 'ArrowFunction', '() => undefined'),
        mutant('5', 'CompileError', 2, 18, 31, 'ArrowFunction', '() => undefined'),
        mutant('6', 'Ignored', 2, 18, 31, 'ArrowFunction', '() => undefined', {
          statusReason: 'the result is never read',
        }),
      ],
    },
  },
};

describe('the mutation summary', () => {
  it('counts as Stryker does: detected (killed, timed out) over valid mutants, errors aside', () => {
    const n = countMutants(Object.values(report.files).flatMap((f) => f.mutants));
    expect(n).toMatchObject({ mutants: 6, killed: 1, survived: 1, noCoverage: 1, timeout: 1, errors: 1, ignored: 1 });
    expect(n.score).toBe(50);
    expect(countsLine(n)).toBe(
      'mutants 6, killed 1, survived 1, no coverage 1, timeout 1, errors 1, ignored 1; score 50.0 %',
    );
  });

  it('lists what no test caught, in file and line order, with the original text and the replacement', () => {
    const s = summarizeReport(report);
    expect(s.survivors).toEqual([
      '  src/a.ts:1:17 StringLiteral [no coverage] [static]: \'false\' → ""',
      '  src/b.ts:1:33 EqualityOperator: s >= min → s > min',
    ]);
    expect(s.perFile[0]).toMatch(
      /^ {2}src\/a\.ts: mutants 4, killed 0, survived 0, no coverage 1, timeout 1, errors 1, ignored 1; score 50\.0 %$/,
    );
    // Marked equivalent in the code: not a survivor, listed apart with the reason written there.
    expect(s.explained).toEqual(['  src/a.ts:2:18 ArrowFunction: the result is never read']);
  });

  it('names every area once, and refuses an unknown one', () => {
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    expect(areaNamed('api-upload').project).toBe('api');
    expect(() => areaNamed('nope')).toThrow(/one of: shared, api-analysis/);
  });

  it('finds the lines of named functions, a block or a one-line const, and refuses a missing one', () => {
    const file = 'apps/api/src/modules/player/session.ts';
    const lines = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
    const [block, oneLine] = functionLines(file, ['ownSession', 'over']).map((r) =>
      r.split(':')[1].split('-').map(Number),
    );
    expect(lines[block[0] - 1]).toMatch(/^export async function ownSession\(/);
    expect(lines[block[1] - 1]).toBe('}');
    expect(lines.slice(block[0], block[1] - 1).includes('}')).toBe(false);
    expect(oneLine[0]).toBe(oneLine[1]);
    expect(lines[oneLine[0] - 1]).toMatch(/^export const over = /);
    expect(() => functionLines(file, ['noSuchFunction'])).toThrow(/no top-level function noSuchFunction/);
  });
});
