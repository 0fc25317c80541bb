import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './input';

describe('the input rule for strings', () => {
  it('accepts ordinary text, accents, emoji (surrogate pairs) and U+FFFF', () => {
    for (const text of ['', 'word', 'niño ñandú', 'a 🐱 b', '\u{10FFFF}', 'x\uFFFF'])
      expect(isSafeText(text)).toBe(true);
  });

  it('refuses a NUL anywhere, and lone high or low surrogates', () => {
    for (const text of ['\u0000', 'a\u0000b', 'a\ud800', '\ud800b', 'a\udc00', '\udc00\ud800', '🐱'.slice(0, 1)])
      expect(isSafeText(text)).toBe(false);
  });

  it('names the path of the first unsafe value or key', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'x', { c: 'a\u0000' }] })).toEqual({ path: ['b', 2, 'c'] });
    expect(findUnsafeText({ list: ['ok', 'a\ud800'] })).toEqual({ path: ['list', 1] });
    expect(findUnsafeText({ outer: { 'k\u0000': 1 } })).toEqual({ path: ['outer'] });
    expect(findUnsafeText('\u0000')).toEqual({ path: [] });
    expect(findUnsafeText({ a: 1, b: true, c: null, d: ['x', { e: 'ñ' }] })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });

  it('walks a megabyte of nesting without exhausting the stack', () => {
    const depth = 400_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}`) as unknown;
    const found = findUnsafeText(deep);
    expect(found?.path).toHaveLength(depth);
    expect(found?.path.every((k) => k === 0)).toBe(true);
  });
});
