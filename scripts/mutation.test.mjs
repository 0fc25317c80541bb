import { describe, expect, it } from 'vitest';
import { areaNamed, areas } from './mutation-areas.mjs';
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
      mutants: [mutant('1', 'Killed', 1, 33, 41, 'EqualityOperator', 's < min'), mutant('2', 'Survived', 1, 33, 41, 'EqualityOperator', 's > min')],
    },
    'src/a.ts': {
      source: "const NOTHING = 'false';\nexport const f = () => NOTHING;\n",
      mutants: [
        mutant('3', 'NoCoverage', 1, 17, 24, 'StringLiteral', '""', { static: true }),
        mutant('4', 'Timeout', 2, 18, 31, 'ArrowFunction', '() => undefined'),
        mutant('5', 'CompileError', 2, 18, 31, 'ArrowFunction', '() => undefined'),
      ],
    },
  },
};

describe('the mutation summary', () => {
  it('counts as Stryker does: detected (killed, timed out) over valid mutants, errors aside', () => {
    const n = countMutants(Object.values(report.files).flatMap((f) => f.mutants));
    expect(n).toMatchObject({ mutants: 5, killed: 1, survived: 1, noCoverage: 1, timeout: 1, errors: 1 });
    expect(n.score).toBe(50);
    expect(countsLine(n)).toBe('mutants 5, killed 1, survived 1, no coverage 1, timeout 1, errors 1; score 50.0 %');
  });

  it('lists what no test caught, in file and line order, with the original text and the replacement', () => {
    const s = summarizeReport(report);
    expect(s.survivors).toEqual(['  src/a.ts:1:17 StringLiteral [no coverage] [static]: \'false\' → ""', '  src/b.ts:1:33 EqualityOperator: s >= min → s > min']);
    expect(s.perFile[0]).toMatch(/^ {2}src\/a\.ts: mutants 3, killed 0, survived 0, no coverage 1, timeout 1, errors 1; score 50\.0 %$/);
  });

  it('names every area once, and refuses an unknown one', () => {
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    expect(areaNamed('api-upload').project).toBe('api');
    expect(() => areaNamed('nope')).toThrow(/one of: shared, api-analysis/);
  });
});
