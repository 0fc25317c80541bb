import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAULTS, applyFault, checkFault, filesOf } from './faults/catalog.mjs';

/**
 * The fault catalog of `npm run faults` stays true to the code: a fault whose text the code no
 * longer holds would be applied to nothing and "caught" by nothing, so each must still fit.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the fault catalog', () => {
  it('fits the code: every edit finds its text exactly once, every named test exists', () => {
    expect(FAULTS.map((f) => checkFault(root, f)).filter(Boolean)).toEqual([]);
  });

  it('holds the audit’s 33 faults and more, each with its own id, a change to make and tests to run', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(33);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const f of FAULTS) {
      for (const file of filesOf(f)) {
        const text = readFileSync(path.join(root, file), 'utf8');
        expect(applyFault(text, f, file), `${f.id} in ${file}`).not.toBe(text);
      }
      expect(f.tests.length, f.id).toBeGreaterThan(0);
      expect(
        f.projects.every((p) => ['api', 'shared', 'web', 'scripts'].includes(p)),
        f.id,
      ).toBe(true);
    }
  });
});
