import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './download';

/**
 * The byte range of a download (RFC 9110 §14) and its Content-Disposition (RFC 6266/8187), as pure
 * functions: what every download route (files, recordings, images, assessments) answers with. The
 * routes' own ranges over HTTP: files.test.ts.
 */
describe('parseRange', () => {
  it('reads one range, an open end, a single byte and a suffix', () => {
    expect(parseRange('bytes=0-5', 10)).toEqual({ start: 0, end: 5 });
    expect(parseRange('bytes=3-3', 10)).toEqual({ start: 3, end: 3 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=9-', 10)).toEqual({ start: 9, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-1', 10)).toEqual({ start: 9, end: 9 });
  });

  it('clamps an end past the file, and a suffix longer than the file, to the whole file (§14.1.2)', () => {
    expect(parseRange('bytes=2-99', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=0-10', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-10', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-11', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-999999999999999', 10)).toEqual({ start: 0, end: 9 });
  });

  it('takes a value with surrounding whitespace as the same range', () => {
    expect(parseRange('bytes=0-5 ', 10)).toEqual({ start: 0, end: 5 });
    expect(parseRange(' bytes=0-5', 10)).toEqual({ start: 0, end: 5 });
  });

  it('ignores what is not one byte range, so the whole file is sent (§14.2: another unit, a list, nonsense)', () => {
    for (const header of [
      undefined,
      '',
      'bytes=-',
      'bytes=',
      'items=0-5',
      'xbytes=0-5',
      'bytes=0-5x',
      'bytes=0-5,7-8',
      'bytes=a-b',
      'bytes=0-1-2',
      'bytes=1234567890123456-',
    ]) {
      expect(parseRange(header, 10), String(header)).toBeUndefined();
    }
  });

  it('answers unsatisfiable from past the end, for a zero-length suffix, for any range of an empty file, and when the end is before the start', () => {
    for (const header of [
      'bytes=10-',
      'bytes=10-20',
      'bytes=11-',
      'bytes=999999999999999-',
      'bytes=-0',
      'bytes=6-5',
      'bytes=9-0',
    ]) {
      expect(parseRange(header, 10), header).toBe('unsatisfiable');
    }
    for (const header of ['bytes=0-', 'bytes=0-0', 'bytes=-1', 'bytes=-5']) {
      expect(parseRange(header, 0), `${header} of an empty file`).toBe('unsatisfiable');
    }
  });
});

describe('contentDisposition', () => {
  it('offers a plain name as it is, inline or as an attachment', () => {
    expect(contentDisposition('cat.png')).toBe(`inline; filename="cat.png"; filename*=UTF-8''cat.png`);
    expect(contentDisposition('notes.txt', 'attachment')).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
  });

  it('gives an ASCII fallback without non-ASCII, control characters, quotes or backslashes, and the exact name encoded', () => {
    expect(contentDisposition('niño.wav')).toBe(`inline; filename="ni_o.wav"; filename*=UTF-8''ni%C3%B1o.wav`);
    expect(contentDisposition('a\u0007b\u007f.png')).toBe(`inline; filename="a_b_.png"; filename*=UTF-8''a%07b%7F.png`);
    expect(contentDisposition('say "hi"\\.png')).toBe(
      `inline; filename="say _hi__.png"; filename*=UTF-8''say%20%22hi%22%5C.png`,
    );
  });

  it("percent-encodes the characters encodeURIComponent leaves (' ( ) *), upper-case as RFC 3986 advises", () => {
    expect(contentDisposition("it's (1)*.png")).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });
});
