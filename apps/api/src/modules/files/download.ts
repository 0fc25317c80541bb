import type { ByteRange } from '../../lib/storage/index';

/**
 * The one byte range of a `Range: bytes=…` header within a file of `size` bytes; undefined when
 * there is none or it is not a single byte range (the whole file is sent, as RFC 9110 allows);
 * 'unsatisfiable' (416) when it starts past the end, is a zero-length suffix, or ends before its start.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  // The end is at most the last byte, so this covers a start past the end (and any range of an empty file).
  if (start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * `Content-Disposition` for a stored name: shown inline (pictures, audio) with the name offered on
 * saving, or saved at once (`attachment`: a transcript, a report); an ASCII fallback without quotes
 * or backslashes, and the exact name per RFC 6266/8187.
 */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
