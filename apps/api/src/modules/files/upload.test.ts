import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  cleanFileName,
  DEFAULT_FILE_TYPES,
  fileRequired,
  formatBytes,
  notMultipart,
  onlyOneFile,
  tooLarge,
  unsupportedType,
  uploadInputError,
  type UploadRule,
} from './upload';

/**
 * The pure parts of an upload's checks: sizes as people read them, the refusals (status, code,
 * message key and the field they name), the multipart parser's failures as the client's, and the
 * stored file name. Streaming a file part into storage: files.test.ts and receive.test.ts.
 */
const RULE: UploadRule = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'audio/x-flac', 'audio/flac', 'application/pdf'],
};
const shape = (e: AppError) => ({
  status: e.statusCode,
  code: e.code,
  key: e.messageKey,
  params: e.params,
  fields: e.fields,
});

describe('formatBytes', () => {
  it('says bytes under 1 KiB, KB under 1 MiB, MB from there, with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
  });
});

describe('the refusals', () => {
  it('name the field `file`, with their status, code and parameters', () => {
    expect(shape(tooLarge(RULE))).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      key: 'files.tooLarge',
      params: { maximum: '2 MB' },
      fields: { file: 'files.tooLarge' },
    });
    expect(shape(onlyOneFile())).toEqual({
      status: 400,
      code: 'VALIDATION',
      key: 'files.onlyOne',
      params: {},
      fields: { file: 'files.onlyOne' },
    });
    expect(shape(fileRequired())).toEqual({
      status: 400,
      code: 'VALIDATION',
      key: 'files.required',
      params: {},
      fields: { file: 'files.required' },
    });
    expect(shape(notMultipart())).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      key: 'files.multipart',
      params: {},
      fields: { file: 'files.multipart' },
    });
  });

  it('list the accepted types once each, by their short upper-case name', () => {
    expect(shape(unsupportedType(RULE))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      key: 'files.type',
      params: { types: 'PNG, FLAC, PDF' },
      fields: { file: 'files.type' },
    });
    expect(unsupportedType({ maxBytes: 1, types: ['weird'] }).params).toEqual({ types: 'WEIRD' });
    // Only a leading x- is a prefix to drop.
    expect(unsupportedType({ maxBytes: 1, types: ['application/fax-document'] }).params).toEqual({
      types: 'FAX-DOCUMENT',
    });
    // What POST /api/files says it accepts: pictures, recordings and PDF, no SVG, no text.
    expect(unsupportedType({ maxBytes: 1, types: DEFAULT_FILE_TYPES }).params).toEqual({
      types: 'PNG, JPEG, GIF, WEBP, MPEG, WAV, OGG, OPUS, WEBM, MP4, M4A, AAC, FLAC, PDF',
    });
    expect(DEFAULT_FILE_TYPES).toHaveLength(16);
  });
});

describe('uploadInputError', () => {
  it("keeps an AppError, gives the parser's limits their meaning, and makes anything else a malformed upload (400, never 500)", () => {
    const own = onlyOneFile();
    expect(uploadInputError(own, RULE)).toBe(own);
    const of = (code: unknown) => shape(uploadInputError(Object.assign(new Error('x'), { code }), RULE));
    expect(of('FST_REQ_FILE_TOO_LARGE')).toEqual(shape(tooLarge(RULE)));
    expect(of('FST_FILES_LIMIT')).toEqual(shape(onlyOneFile()));
    for (const code of ['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'])
      expect(of(code)).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        key: 'files.tooManyParts',
        params: {},
        fields: { file: 'files.tooManyParts' },
      });
    expect(of('FST_INVALID_MULTIPART_CONTENT_TYPE')).toEqual(shape(notMultipart()));
    const malformed = {
      status: 400,
      code: 'VALIDATION',
      key: 'files.malformed',
      params: {},
      fields: { file: 'files.malformed' },
    };
    expect(of('ECONNRESET')).toEqual(malformed);
    expect(of(undefined)).toEqual(malformed);
    expect(shape(uploadInputError(null, RULE))).toEqual(malformed);
    expect(shape(uploadInputError('boom', RULE))).toEqual(malformed);
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment, whichever the separator', () => {
    expect(cleanFileName('C:\\Users\\ana\\photo.png')).toBe('photo.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a/b\\c.wav')).toBe('c.wav');
  });

  it('drops control, format (bidirectional override) and line-separator characters, and joins runs of spaces', () => {
    expect(cleanFileName('re\u0000po\u0007rt.pdf')).toBe('report.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u2028b\u2029c.png')).toBe('abc.png');
    expect(cleanFileName('my \t  lovely\u00a0 photo.png')).toBe('my lovely photo.png');
  });

  it('trims spaces and dots at both ends, but not inside', () => {
    expect(cleanFileName('  ..hidden.png. . ')).toBe('hidden.png');
    expect(cleanFileName('a. b.png')).toBe('a. b.png');
  });

  it('composes accents (NFC), cuts at 200 characters (not UTF-16 units), and calls an empty name "file"', () => {
    expect(cleanFileName('nin\u0303o.png')).toBe('niño.png');
    const long = '😀'.repeat(250);
    expect(Array.from(cleanFileName(long))).toHaveLength(200);
    expect(cleanFileName(`${'a'.repeat(199)}bc`)).toBe(`${'a'.repeat(199)}b`);
    for (const raw of [undefined, '', '   ', '...', 'dir/', '\u0000'])
      expect(cleanFileName(raw), String(raw)).toBe('file');
  });
});
