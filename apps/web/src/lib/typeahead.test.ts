import { describe, expect, it } from 'vitest';
import { createTypeahead, findTypeaheadMatch, TYPEAHEAD_RESET_MS } from './typeahead';

describe('menu type-ahead', () => {
  it('resets the typed text after 350 ms', () => {
    expect(TYPEAHEAD_RESET_MS).toBe(350);
    let now = 1000;
    const typeahead = createTypeahead(TYPEAHEAD_RESET_MS, () => now);
    expect(typeahead.push('a')).toBe('a');
    now += 349;
    expect(typeahead.push('D')).toBe('ad');
    now += 350;
    expect(typeahead.push('s')).toBe('s');
  });

  it('finds the next entry starting with the text, wrapping round', () => {
    const labels = ['Dashboard', 'Analytics', 'Player', 'Administration', 'Assessments'];
    expect(findTypeaheadMatch(labels, 'a', 0)).toBe(1);
    expect(findTypeaheadMatch(labels, 'a', 1)).toBe(3);
    expect(findTypeaheadMatch(labels, 'as', 0)).toBe(4);
    expect(findTypeaheadMatch(labels, 'aaa', 3)).toBe(4);
    expect(findTypeaheadMatch(labels, 'd', 4)).toBe(0);
    expect(findTypeaheadMatch(labels, 'z', 0)).toBe(-1);
  });
});
