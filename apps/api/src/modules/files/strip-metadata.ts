import zlib from 'node:zlib';
import { ByteSource, DamagedFile } from './byte-source';

/**
 * Metadata taken out of uploaded pictures as they stream in (decision 007): a lossless walk of the
 * file's segments or chunks that keeps what draws the picture and drops what describes it (EXIF with
 * its GPS position, XMP, IPTC, comments, text, times, thumbnails, maker notes, anything after the
 * picture's end). Each walker keeps an allow-list, so a kind of metadata nobody listed is dropped
 * too. The one fact kept from EXIF is the orientation (rewritten as the only tag of a new EXIF
 * block): without it a phone's portrait photo would show on its side. Linear time: every byte is
 * looked at once, headers are bounded, bodies are passed through or skipped without being held
 * (WebP excepted: its size leads the file, so its kept chunks are held until the end).
 */

/** Image types whose metadata is stripped; other types are stored as they came. */
export const STRIPPED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** EXIF held at most to read the orientation from (IFD0 sits at its start). */
const EXIF_READ_LIMIT = 64 * 1024;

/** The orientation (1–8) in a TIFF structure (EXIF's body), or 1 when there is none or it cannot be read. */
export function orientationOf(tiff: Buffer): number {
  // Stryker disable next-line EqualityOperator: 8 bytes (<= 8) are a header without room for an IFD entry, 1 either way.
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  // Room for the entry count (2) and one entry (12); with less there is no entry to read either.
  if (ifd + 14 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) !== 0x0112) continue;
    const value = u16(entry + 8);
    return u16(entry + 2) === 3 && value > 0 && value <= 8 ? value : 1;
  }
  return 1;
}

/** A TIFF structure holding the orientation and nothing else (26 bytes, big-endian). */
export function orientationTiff(orientation: number): Buffer {
  const t = Buffer.alloc(26);
  t.write('MM', 0);
  t.writeUInt16BE(42, 2);
  t.writeUInt32BE(8, 4);
  t.writeUInt16BE(1, 8);
  t.writeUInt16BE(0x0112, 10);
  t.writeUInt16BE(3, 12);
  t.writeUInt32BE(1, 14);
  t.writeUInt16BE(orientation, 18);
  // Bytes 20–25: the value's padding and "no next IFD".
  return t;
}

// A shorter buffer gives a shorter string (toString stops at its end), never equal to `text`.
const startsWith = (b: Buffer, text: string) => b.toString('latin1', 0, text.length) === text;

// --- JPEG: markers and segments (ITU T.81 B.1) --------------------------------------------------

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** What of an APPn or COM segment stays: the JFIF header without its thumbnail, the ICC profile, Adobe's colour
 * transform, an orientation. */
function keptSegment(marker: number, body: Buffer, state: { exifSeen: boolean }): Buffer | null {
  if (marker === 0xe0 && startsWith(body, 'JFIF\0') && body.length >= 14) {
    const jfif = Buffer.from(body.subarray(0, 14));
    jfif[12] = 0;
    jfif[13] = 0;
    return segment(0xe0, jfif);
  }
  if (marker === 0xe1 && startsWith(body, 'Exif\0\0') && !state.exifSeen) {
    state.exifSeen = true;
    const orientation = orientationOf(body.subarray(6));
    return orientation === 1
      ? null
      : segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), orientationTiff(orientation)]));
  }
  if (marker === 0xe2 && startsWith(body, 'ICC_PROFILE\0')) return segment(0xe2, body);
  if (marker === 0xee && startsWith(body, 'Adobe')) return segment(0xee, body);
  return null;
}

async function* jpeg(src: ByteSource): AsyncGenerator<Buffer> {
  const soi = await src.read(2);
  if (soi[0] !== 0xff || soi[1] !== 0xd8) throw new DamagedFile('no JPEG start');
  yield soi;
  // Stryker disable next-line ObjectLiteral: an absent exifSeen ({}) is falsy, like false.
  const state = { exifSeen: false };
  for (;;) {
    // Bytes between segments that are not a marker are junk decoders skip too; 0xFF runs are fill.
    if (!(await src.skipTo(0xff))) throw new DamagedFile('no JPEG end');
    await src.skipWhile(0xff);
    const marker = await src.byte();
    if (marker === 0x00) continue;
    if (marker === 0xd9) {
      // The end of the picture: whatever follows (a phone's second image, a video, a trailer of tags) is dropped.
      yield Buffer.from([0xff, 0xd9]);
      return;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      yield Buffer.from([0xff, marker]);
      continue;
    }
    if (marker === 0xd8) throw new DamagedFile('second JPEG start');
    const length = (await src.read(2)).readUInt16BE(0);
    if (length < 2) throw new DamagedFile('bad segment length');
    const bodyLength = length - 2;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      // Application segments and comments: at most 64 KiB each, read whole to decide.
      const kept = keptSegment(marker, await src.read(bodyLength), state);
      if (kept) yield kept;
      continue;
    }
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(length, 2);
    yield head;
    yield* src.take(bodyLength);
    if (marker === 0xda) yield* src.untilMarker();
  }
}

// --- PNG: chunks (ISO/IEC 15948, PNG third edition §5) -----------------------------------------

/** Ancillary chunks that draw the picture (colour, transparency, animation); text, times and EXIF are not among them.
 * */
const PNG_KEPT = new Set([
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4); // ASCII: the same bytes in any encoding
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

async function* png(src: ByteSource): AsyncGenerator<Buffer> {
  if (!(await src.read(8)).equals(PNG_SIGNATURE)) throw new DamagedFile('no PNG signature');
  yield PNG_SIGNATURE;
  let exifSeen = false;
  for (;;) {
    const head = await src.read(8);
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (length > 0x7fffffff || !/[A-Za-z]{4}/.test(type)) throw new DamagedFile('bad PNG chunk');
    // (The type is 4 characters: the letters test needs no anchors.)
    // A critical chunk (upper-case first letter) is kept whatever it is: without it nothing decodes.
    if (PNG_KEPT.has(type) || (head[4]! & 0x20) === 0) {
      yield head;
      yield* src.take(length + 4);
    } else if (type === 'eXIf' && !exifSeen) {
      exifSeen = true;
      const read = Math.min(length, EXIF_READ_LIMIT);
      const orientation = orientationOf(await src.read(read));
      await src.skip(length - read + 4);
      if (orientation !== 1) yield pngChunk('eXIf', orientationTiff(orientation));
    } else await src.skip(length + 4);
    if (type === 'IEND') return;
  }
}

// --- GIF: blocks (GIF89a §§17–27) ---------------------------------------------------------------

/** Application extensions that make an animation loop; any other (XMP, ICC, IPTC…) is dropped. */
const GIF_APPS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** A chain of data sub-blocks up to its terminator, kept or dropped. */
async function* subBlocks(src: ByteSource, keep: boolean): AsyncGenerator<Buffer> {
  for (;;) {
    const size = await src.byte();
    if (keep) yield Buffer.from([size]);
    if (size === 0) return;
    if (keep) yield* src.take(size);
    else await src.skip(size);
  }
}

async function* gif(src: ByteSource): AsyncGenerator<Buffer> {
  const header = await src.read(13);
  if (!startsWith(header, 'GIF87a') && !startsWith(header, 'GIF89a')) throw new DamagedFile('no GIF header');
  yield header;
  if (header[10]! & 0x80) yield* src.take(3 * 2 ** ((header[10]! & 0x07) + 1));
  for (;;) {
    const block = await src.byte();
    if (block === 0x3b) {
      yield Buffer.from([0x3b]);
      return;
    }
    if (block === 0x2c) {
      const descriptor = await src.read(9);
      yield Buffer.from([0x2c]);
      yield descriptor;
      if (descriptor[8]! & 0x80) yield* src.take(3 * 2 ** ((descriptor[8]! & 0x07) + 1));
      yield await src.read(1);
      yield* subBlocks(src, true);
      continue;
    }
    if (block !== 0x21) throw new DamagedFile('bad GIF block');
    const label = await src.byte();
    if (label === 0xf9 || label === 0x01) {
      // Graphic control (timing, transparency) and plain text (drawn on the picture).
      yield Buffer.from([0x21, label]);
      yield* subBlocks(src, true);
    } else if (label === 0xff) {
      const size = await src.byte();
      // An empty extension: its first sub-block was already the terminator.
      if (size === 0) continue;
      const identifier = await src.read(size);
      // Both names are 11 bytes long: an identifier of another size is never one of them.
      const keep = GIF_APPS.has(identifier.toString('latin1'));
      if (keep) yield Buffer.concat([Buffer.from([0x21, 0xff, size]), identifier]);
      yield* subBlocks(src, keep);
    } else yield* subBlocks(src, false);
  }
}

// --- WebP: RIFF chunks (Google's WebP container specification) ----------------------------------

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_XMP = 0x04;
const VP8X_EXIF = 0x08;

/** The EXIF chunk holding the orientation alone: its 26 bytes are even, so there is no padding byte. */
const exifChunk = (orientation: number) => {
  const tiff = orientationTiff(orientation);
  const head = Buffer.alloc(8);
  head.write('EXIF', 0);
  head.writeUInt32LE(tiff.length, 4);
  return Buffer.concat([head, tiff]);
};

async function* webp(src: ByteSource): AsyncGenerator<Buffer> {
  const riff = await src.read(12);
  if (!startsWith(riff, 'RIFF') || riff.toString('latin1', 8, 12) !== 'WEBP') throw new DamagedFile('no WebP header');
  const end = 8 + riff.readUInt32LE(4);
  const kept: Buffer[] = [];
  let vp8x: Buffer | undefined;
  let exifWritten = false;
  let exifSeen = false;
  for (let at = 12; at + 8 <= end;) {
    const head = await src.read(8);
    const fourcc = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    const padded = size + (size & 1);
    if (at + 8 + padded > end) throw new DamagedFile('WebP chunk past the end');
    if (WEBP_KEPT.has(fourcc)) {
      // VP8X is copied: its flags are changed below, and the bytes read may be the request's own buffer.
      // Stryker disable next-line ConditionalExpression: copying every kept chunk (true) costs memory only; not copying VP8X is killed.
      const data = fourcc === 'VP8X' ? Buffer.from(await src.read(padded)) : await src.read(padded);
      kept.push(head, data);
      // An empty VP8X has no flags to change, so no orientation is written (nothing would say it is there).
      if (fourcc === 'VP8X' && data.length > 0 && !vp8x) vp8x = data;
    } else if (fourcc === 'EXIF' && !exifSeen) {
      exifSeen = true;
      const read = Math.min(size, EXIF_READ_LIMIT);
      const body = await src.read(read);
      await src.skip(padded - read);
      // Some writers put JPEG's "Exif\0\0" before the TIFF header.
      const orientation = orientationOf(startsWith(body, 'Exif\0\0') ? body.subarray(6) : body);
      if (orientation !== 1 && vp8x) {
        kept.push(exifChunk(orientation));
        exifWritten = true;
      }
    } else await src.skip(padded);
    at += 8 + padded;
  }
  if (vp8x) vp8x[0] = (vp8x[0]! & ~(VP8X_XMP | VP8X_EXIF)) | (exifWritten ? VP8X_EXIF : 0);
  const size = kept.reduce((n, b) => n + b.length, 4);
  const header = Buffer.from(riff);
  header.writeUInt32LE(size, 4);
  yield header;
  yield* kept;
}

// --- The entry point ----------------------------------------------------------------------------

const WALKERS: Record<(typeof STRIPPED_TYPES)[number], (src: ByteSource) => AsyncGenerator<Buffer>> = {
  'image/jpeg': jpeg,
  'image/png': png,
  'image/gif': gif,
  'image/webp': webp,
};

/** Output in pieces of at least this size: a GIF's one-byte block sizes do not each become a write. */
const OUTPUT_PIECE = 64 * 1024;

/**
 * The picture of type `mime` read from `input`, without its metadata, in pieces to store; whatever
 * follows the picture's end is read and dropped. Throws DamagedFile when the bytes do not follow
 * the format (the upload is refused). Null for a type that is not stripped.
 */
export function stripMetadata(mime: string, input: AsyncIterator<Buffer>): AsyncGenerator<Buffer> | null {
  const walk = WALKERS[mime as keyof typeof WALKERS];
  if (!walk) return null;
  return (async function* () {
    const src = new ByteSource(input);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const piece of walk(src)) {
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= OUTPUT_PIECE) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
    if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
    await src.drain();
  })();
}
