import exifReader from 'exif-reader';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DamagedFile } from './byte-source';
import { orientationOf, orientationTiff, STRIPPED_TYPES, stripMetadata } from './strip-metadata';

/**
 * The metadata walkers (decision 007) on real pictures written by libvips with a GPS position, a
 * description, an orientation and XMP, and on hand-made files carrying every other place metadata
 * hides (comments, IPTC, text chunks, a JFIF thumbnail, a second image after the end, GIF
 * application extensions): nothing of it is left, the orientation is, and the pixels are exactly
 * the same (lossless). Fed one byte at a time the output is the same, in linear time.
 */
const SECRET = 'HOME-OF-CHILD';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${SECRET}-XMP</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`;
const EXIF = {
  IFD0: { ImageDescription: SECRET, Artist: 'Parent Phone' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
};

const noise = (width = 64, height = 48) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 200, g: 80, b: 40 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });

async function* pieces(b: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function strip(mime: string, input: Buffer, size = 64 * 1024): Promise<Buffer> {
  const out: Buffer[] = [];
  const walk = stripMetadata(mime, pieces(input, size)[Symbol.asyncIterator]());
  if (!walk) throw new Error(`${mime} is not stripped`);
  for await (const piece of walk) out.push(piece);
  return Buffer.concat(out);
}

const pixels = (b: Buffer) => sharp(b, { animated: true }).raw().toBuffer();

/** Nothing of the photo's metadata is left, but the orientation (when not 1). */
async function expectClean(out: Buffer, orientation: number): Promise<void> {
  const meta = await sharp(out).metadata();
  if (orientation === 1) expect(meta.exif).toBeUndefined();
  else expect(exifReader(meta.exif!)).toEqual({ bigEndian: true, Image: { Orientation: orientation } });
  expect(meta.orientation ?? 1).toBe(orientation);
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.comments).toBeUndefined();
  expect(out.includes(SECRET)).toBe(false);
  expect(out.includes('Parent Phone')).toBe(false);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

const jpegSegment = (marker: number, body: Buffer | string) => {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

describe('stripping metadata from pictures', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)(
    '%s from a phone: GPS, description and XMP go, the orientation and every pixel stay',
    async (format, mime) => {
      const input = await noise()[format]().withMetadata({ orientation: 6 }).withExif(EXIF).withXmp(XMP).toBuffer();
      const before = await sharp(input).metadata();
      // The fixture really carries what must go.
      expect(exifReader(before.exif!).GPSInfo?.GPSLatitude).toEqual([40, 26, 46]);
      expect(before.xmp).toBeDefined();
      expect(input.includes(SECRET)).toBe(true);

      const out = await strip(mime, input);
      await expectClean(out, 6);
      expect((await pixels(out)).equals(await pixels(input))).toBe(true);
      // The same, whatever the pieces the bytes arrive in.
      expect((await strip(mime, input, 1)).equals(out)).toBe(true);
      expect((await strip(mime, input, 7)).equals(out)).toBe(true);
      // Without an orientation, no EXIF at all.
      const upright = await noise()[format]().withExif(EXIF).toBuffer();
      await expectClean(await strip(mime, upright), 1);
    },
  );

  it('JPEG: comments, IPTC, a JFIF thumbnail, a multi-picture index and a second image after the end all go', async () => {
    const photo = await noise().jpeg().toBuffer();
    const hidden = await noise(16, 16).jpeg().withExif(EXIF).toBuffer();
    const jfifWithThumbnail = Buffer.concat([
      Buffer.from('JFIF\0\x01\x01\x00\x00\x01\x00\x01\x02\x01', 'latin1'),
      Buffer.alloc(6, 0x41),
    ]);
    const input = Buffer.concat([
      photo.subarray(0, 2),
      jpegSegment(0xe0, jfifWithThumbnail),
      jpegSegment(0xfe, `comment ${SECRET}`),
      jpegSegment(0xed, `Photoshop 3.0\0${SECRET}`),
      jpegSegment(0xe2, `MPF\0${SECRET}`),
      jpegSegment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`),
      // A few bytes of junk decoders skip, and fill bytes before the next marker.
      Buffer.from([0x12, 0x34, 0xff, 0xff]),
      photo.subarray(2),
      hidden,
    ]);
    const out = await strip('image/jpeg', input, 5);
    await expectClean(out, 1);
    expect(out.includes('Exif')).toBe(false);
    // The JFIF header stays, without its thumbnail.
    expect(
      out
        .subarray(0, 20)
        .equals(
          Buffer.concat([
            Buffer.from([0xff, 0xd8]),
            jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\x00\x00\x01\x00\x01\x00\x00', 'latin1')),
          ]),
        ),
    ).toBe(true);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect((await pixels(out)).equals(await pixels(photo))).toBe(true);
  });

  it('PNG: text, compressed and international text, times, EXIF, unknown chunks and what follows the end all go', async () => {
    const photo = await noise().png({ palette: true }).toBuffer();
    const iend = photo.length - 12;
    const input = Buffer.concat([
      photo.subarray(0, 33),
      pngChunk('tEXt', Buffer.from(`Comment\0${SECRET}`, 'latin1')),
      pngChunk('zTXt', Buffer.concat([Buffer.from('Description\0\0', 'latin1'), zlib.deflateSync(SECRET)])),
      pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`, 'latin1')),
      pngChunk('tIME', Buffer.from([7, 233, 11, 23, 10, 0, 0])),
      pngChunk('vpAg', Buffer.from(SECRET)),
      pngChunk('eXIf', Buffer.concat([orientationTiff(8), Buffer.from(SECRET)])),
      photo.subarray(33, iend),
      photo.subarray(iend),
      Buffer.from(`trailer ${SECRET}`),
    ]);
    const out = await strip('image/png', input, 3);
    await expectClean(out, 8);
    for (const type of ['tEXt', 'zTXt', 'iTXt', 'tIME', 'vpAg']) expect(out.includes(type), type).toBe(false);
    // The palette and transparency chunks stay.
    expect(out.includes('PLTE')).toBe(true);
    expect((await pixels(out)).equals(await pixels(photo))).toBe(true);
  });

  it('GIF: comments and XMP, ICC and other application extensions go; the frames and the loop stay', async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 16, height: 16, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const animated = await sharp(await Promise.all([frame(255), frame(0)]), { join: { animated: true } })
      .gif({ loop: 3 })
      .toBuffer();
    const tableEnd = 13 + 3 * 2 ** ((animated[10]! & 7) + 1);
    const subBlocks = (data: Buffer) => {
      const out: Buffer[] = [];
      for (let i = 0; i < data.length; i += 255) {
        const piece = data.subarray(i, i + 255);
        out.push(Buffer.from([piece.length]), piece);
      }
      return Buffer.concat([...out, Buffer.from([0])]);
    };
    const app = (id: string, data: string) =>
      Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from(id, 'latin1'), subBlocks(Buffer.from(data, 'latin1'))]);
    const input = Buffer.concat([
      animated.subarray(0, tableEnd),
      Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(Buffer.from(`comment ${SECRET} `.repeat(40)))]),
      app('XMP DataXMP', XMP),
      app('ICCRGBG1012', SECRET),
      app('MGK8BIM0000', SECRET),
      Buffer.from([0x21, 0xff, 0]),
      animated.subarray(tableEnd),
      Buffer.from(SECRET),
    ]);
    const out = await strip('image/gif', input, 2);
    await expectClean(out, 1);
    expect(out.equals(animated)).toBe(true);
    const meta = await sharp(out).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.loop).toBe((await sharp(animated).metadata()).loop);
  });

  it('WebP: an animation keeps its frames, loses EXIF and XMP, and its header says so', async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 16, height: 16, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const input = await sharp(await Promise.all([frame(255), frame(0)]), { join: { animated: true } })
      .webp({ lossless: true })
      .withExif(EXIF)
      .withXmp(XMP)
      .toBuffer();
    expect(input.includes(SECRET)).toBe(true);
    const out = await strip('image/webp', Buffer.concat([input, Buffer.from(SECRET)]), 9);
    await expectClean(out, 1);
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    // VP8X flags: animation stays, EXIF (0x08) and XMP (0x04) are off.
    expect(out.toString('latin1', 12, 16)).toBe('VP8X');
    expect(out[20]! & 0x0c).toBe(0);
    expect(out[20]! & 0x02).toBe(0x02);
    expect((await sharp(out).metadata()).pages).toBe(2);
    expect((await pixels(out)).equals(await pixels(input))).toBe(true);
  });

  it('refuses bytes that do not follow their format (DamagedFile), and leaves other types alone', async () => {
    const photo = await noise().jpeg().toBuffer();
    const png = await noise().png().toBuffer();
    await expect(strip('image/jpeg', photo.subarray(0, photo.length - 300))).rejects.toBeInstanceOf(DamagedFile);
    await expect(strip('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]))).rejects.toBeInstanceOf(
      DamagedFile,
    );
    await expect(
      strip('image/png', Buffer.concat([png.subarray(0, 33), Buffer.from([0, 0, 0, 1, 0x31, 0x32, 0x33, 0x34])])),
    ).rejects.toBeInstanceOf(DamagedFile);
    await expect(
      strip('image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x99', 'latin1')),
    ).rejects.toBeInstanceOf(DamagedFile);
    await expect(
      strip('image/webp', Buffer.from('RIFF\xff\x00\x00\x00WEBPVP8 \x10\x00\x00\x00', 'latin1')),
    ).rejects.toBeInstanceOf(DamagedFile);
    expect(stripMetadata('audio/wav', pieces(Buffer.alloc(10), 5)[Symbol.asyncIterator]())).toBeNull();
  });

  it('takes linear time on bytes built to be slow: a 64 KiB segment and 256 KiB of 0xFF pairs, one byte at a time', async () => {
    const photo = await noise(8, 8).jpeg().toBuffer();
    const sos = photo.lastIndexOf(Buffer.from([0xff, 0xda]));
    const sosEnd = sos + 2 + photo.readUInt16BE(sos + 2);
    const stuffed = Buffer.alloc(256 * 1024);
    for (let i = 0; i < stuffed.length; i += 2) stuffed[i] = 0xff;
    const input = Buffer.concat([
      photo.subarray(0, 2),
      jpegSegment(0xe1, Buffer.alloc(65533, 0x41)),
      photo.subarray(2, sosEnd),
      stuffed,
      Buffer.from([0xff, 0xd9]),
    ]);
    const started = performance.now();
    const out = await strip('image/jpeg', input, 1);
    const ms = performance.now() - started;
    expect(out.length).toBe(input.length - 65537);
    // Quadratic joining of a 64 KiB segment read byte by byte would be 2^31 byte copies (minutes).
    expect(ms).toBeLessThan(15_000);
  });

  it('reads the orientation from either byte order, and 1 from anything unreadable', () => {
    expect(orientationOf(orientationTiff(6))).toBe(6);
    const little = Buffer.from([
      0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(orientationOf(little)).toBe(3);
    expect(orientationOf(Buffer.from('MM\0*\0\0\xff\xff', 'latin1'))).toBe(1);
    expect(orientationOf(Buffer.alloc(3))).toBe(1);
    const wrong = Buffer.from(orientationTiff(6));
    wrong.writeUInt16BE(9, 18);
    expect(orientationOf(wrong)).toBe(1);
  });
});

/** Hand-written files: each test states the exact bytes that must come out. */
const latin = (text: string) => Buffer.from(text, 'latin1');
const cat = (...parts: (Buffer | string | number[])[]) =>
  Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : typeof p === 'string' ? latin(p) : Buffer.from(p))));

/** Whatever the pieces the bytes arrive in, the same output (or the same refusal). */
async function stripAll(mime: string, input: Buffer): Promise<Buffer> {
  const out = await strip(mime, input);
  for (const size of [1, 3]) expect((await strip(mime, input, size)).equals(out), `pieces of ${size}`).toBe(true);
  return out;
}

const refusal = async (mime: string, input: Buffer) => {
  try {
    await strip(mime, input);
  } catch (error) {
    expect(error).toBeInstanceOf(DamagedFile);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('JPEG segments, byte for byte', () => {
  const SOI = [0xff, 0xd8];
  const EOI = [0xff, 0xd9];
  const exif = (orientation: number) => cat('Exif\0\0', orientationTiff(orientation));
  // A table segment (kept as it is), a scan with stuffed bytes and restart markers in its data.
  const DQT = jpegSegment(0xdb, cat([0], Buffer.alloc(64, 1)));
  const SOS = jpegSegment(0xda, cat([1, 1, 0, 0, 63, 0]));
  const DATA = cat([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78]);

  it('keeps JFIF without its thumbnail, the first orientation, ICC and Adobe; drops every other APPn and COM', async () => {
    const jfif = cat('JFIF\0', [1, 2, 1, 0, 72, 0, 72, 2, 1], 'THUMBNAIL');
    const input = cat(
      SOI,
      jpegSegment(0xe0, jfif),
      jpegSegment(0xe0, 'JFXX\0\x10thumbnail'),
      jpegSegment(0xe0, 'JFIF\0\x01\x02\x01\0\x48\0\x48'), // 13 bytes: too short for JFIF
      jpegSegment(0xe0, exif(5)), // EXIF in the wrong segment
      jpegSegment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`), // an APP1 before the EXIF one
      jpegSegment(0xe1, exif(6)),
      jpegSegment(0xe1, exif(3)), // a second EXIF block
      jpegSegment(0xe1, 'JFIF\0\x01\x02\x01\0\x48\0\x48\0\0'),
      jpegSegment(0xe1, `ICC_PROFILE\0\x01\x01${SECRET}`), // an ICC profile outside APP2 is no ICC profile
      jpegSegment(0xe2, 'ICC_PROFILE\0\x01\x01profile'),
      jpegSegment(0xe2, `MPF\0${SECRET}`),
      jpegSegment(0xe2, 'ICC_PROFIL'),
      jpegSegment(0xed, `Photoshop 3.0\0${SECRET}`),
      jpegSegment(0xed, 'Adobe\0\x64'),
      jpegSegment(0xee, 'Adobe'),
      jpegSegment(0xee, 'Adob'),
      jpegSegment(0xef, `Adobe ${SECRET}`),
      jpegSegment(0xfe, `comment ${SECRET}`),
      jpegSegment(0xe3, ''),
      DQT,
      SOS,
      DATA,
      EOI,
      `trailer ${SECRET}`,
    );
    const out = await stripAll('image/jpeg', input);
    const expected = cat(
      SOI,
      jpegSegment(0xe0, cat('JFIF\0', [1, 2, 1, 0, 72, 0, 72, 0, 0])),
      jpegSegment(0xe1, exif(6)),
      jpegSegment(0xe2, 'ICC_PROFILE\0\x01\x01profile'),
      jpegSegment(0xee, 'Adobe'),
      DQT,
      SOS,
      DATA,
      EOI,
    );
    expect(out.toString('hex')).toBe(expected.toString('hex'));
  });

  it('drops an EXIF block without an orientation, and a later one with an orientation too', async () => {
    const input = cat(SOI, jpegSegment(0xe1, exif(1)), jpegSegment(0xe1, exif(6)), SOS, DATA, EOI);
    expect((await stripAll('image/jpeg', input)).toString('hex')).toBe(cat(SOI, SOS, DATA, EOI).toString('hex'));
  });

  it('keeps standalone markers, drops junk, stray 0xFF00 and fill between segments', async () => {
    // A JFIF header of exactly 14 bytes, without a thumbnail, kept as it is.
    const jfif = jpegSegment(0xe0, cat('JFIF\0', [1, 2, 1, 0, 72, 0, 72, 0, 0]));
    const input = cat(
      SOI,
      jfif,
      [0xff, 0x01, 0xff, 0xd0, 0xff, 0xd7, 0xff, 0x00, 0x12, 0xff, 0xff],
      DQT,
      [0x99, 0x98],
      SOS,
      DATA,
      EOI,
    );
    const expected = cat(SOI, jfif, [0xff, 0x01, 0xff, 0xd0, 0xff, 0xd7], DQT, SOS, DATA, EOI);
    expect((await stripAll('image/jpeg', input)).toString('hex')).toBe(expected.toString('hex'));
  });

  it('keeps segments just outside the application range (0xDF, 0xF0) and 0xCF, 0xD8 only at the start', async () => {
    const input = cat(SOI, jpegSegment(0xdf, 'ab'), jpegSegment(0xf0, 'cd'), jpegSegment(0xcf, 'ef'), SOS, DATA, EOI);
    expect((await stripAll('image/jpeg', input)).toString('hex')).toBe(input.toString('hex'));
    expect(await refusal('image/jpeg', cat(SOI, [0xff, 0xd8], EOI))).toBe('second JPEG start');
  });

  it('refuses a file not starting with 0xFFD8, a segment length under 2, and a file without its end', async () => {
    expect(await refusal('image/jpeg', cat([0xff, 0xd9], EOI))).toBe('no JPEG start');
    expect(await refusal('image/jpeg', cat([0xfe, 0xd8], EOI))).toBe('no JPEG start');
    expect(await refusal('image/jpeg', cat(SOI, [0xff, 0xdb, 0, 1], EOI))).toBe('bad segment length');
    expect(await refusal('image/jpeg', cat(SOI, [0xff, 0xdb, 0, 0], EOI))).toBe('bad segment length');
    // Length 2: an empty body, fine.
    expect((await stripAll('image/jpeg', cat(SOI, [0xff, 0xdb, 0, 2], EOI))).toString('hex')).toBe(
      cat(SOI, [0xff, 0xdb, 0, 2], EOI).toString('hex'),
    );
    expect(await refusal('image/jpeg', cat(SOI, DQT))).toBe('no JPEG end');
  });
});

describe('PNG chunks, byte for byte', () => {
  const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const IHDR = pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
  const IDAT = pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 0])));
  const IEND = pngChunk('IEND', Buffer.alloc(0));
  const KEPT = [
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
  ];

  it('keeps the critical chunks, known or not, and the ancillary chunks that draw; drops text, times, EXIF, unknown ancillary chunks and the trailer', async () => {
    const kept = KEPT.map((type, i) => pngChunk(type, Buffer.alloc(i, i + 1)));
    const input = cat(
      SIGNATURE,
      IHDR,
      ...kept,
      pngChunk('tEXt', latin(`Comment\0${SECRET}`)),
      pngChunk('zTXt', cat('Description\0\0', zlib.deflateSync(SECRET))),
      pngChunk('iTXt', latin(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`)),
      pngChunk('tIME', Buffer.from([7, 233, 11, 23, 10, 0, 0])),
      pngChunk('vpAg', latin(SECRET)),
      pngChunk('PLTE', Buffer.from([1, 2, 3])),
      pngChunk('XyZw', latin('critical, unknown')),
      IDAT,
      IEND,
      `trailer ${SECRET}`,
    );
    const out = await stripAll('image/png', input);
    expect(out.toString('hex')).toBe(
      cat(
        SIGNATURE,
        IHDR,
        ...kept,
        pngChunk('PLTE', Buffer.from([1, 2, 3])),
        pngChunk('XyZw', latin('critical, unknown')),
        IDAT,
        IEND,
      ).toString('hex'),
    );
  });

  it('keeps the first eXIf as its orientation alone (with a right CRC), even past 64 KiB; a later one and one without orientation go', async () => {
    const big = cat(orientationTiff(6), Buffer.alloc(70_000, 0x41));
    const input = cat(SIGNATURE, IHDR, pngChunk('eXIf', big), pngChunk('eXIf', orientationTiff(3)), IDAT, IEND);
    expect((await stripAll('image/png', input)).toString('hex')).toBe(
      cat(SIGNATURE, IHDR, pngChunk('eXIf', orientationTiff(6)), IDAT, IEND).toString('hex'),
    );
    const upright = cat(
      SIGNATURE,
      IHDR,
      pngChunk('eXIf', orientationTiff(1)),
      pngChunk('eXIf', orientationTiff(3)),
      IDAT,
      IEND,
    );
    expect((await stripAll('image/png', upright)).toString('hex')).toBe(
      cat(SIGNATURE, IHDR, IDAT, IEND).toString('hex'),
    );
  });

  it('refuses a wrong signature, a chunk type that is not four letters, a length over 2^31 - 1', async () => {
    expect(await refusal('image/png', cat(SIGNATURE.slice(0, 7), [0x0b], IHDR, IEND))).toBe('no PNG signature');
    for (const type of ['IHD1', 'I@DR', 'IHD[', '`HDR', 'IHD{', 'IH R'])
      expect(await refusal('image/png', cat(SIGNATURE, [0, 0, 0, 0], type, [0, 0, 0, 0], IEND)), type).toBe(
        'bad PNG chunk',
      );
    expect(await refusal('image/png', cat(SIGNATURE, [0x80, 0, 0, 0], 'IDAT', IEND))).toBe('bad PNG chunk');
    // 2^31 - 1 is a length PNG allows: this file merely ends early.
    expect(await refusal('image/png', cat(SIGNATURE, [0x7f, 0xff, 0xff, 0xff], 'IDAT', IEND))).toBe('ended early');
    expect(await refusal('image/png', cat(SIGNATURE, IHDR, IDAT))).toBe('ended early');
  });
});

describe('GIF blocks, byte for byte', () => {
  const sub = (...blocks: string[]) => cat(...blocks.flatMap((b) => [Buffer.from([b.length]), latin(b)]), [0]);
  const app = (id: string, ...blocks: string[]) => cat([0x21, 0xff, id.length], id, sub(...blocks));
  // 1×1, a global table of 4 colours (size bits 1).
  const HEADER = cat('GIF89a', [1, 0, 1, 0, 0x81, 0, 0], Buffer.alloc(12, 0x22));
  // A frame with a local table of 2 colours (size bits 0), then one without a table (size bits set, flag off).
  const FRAME = cat([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80], Buffer.alloc(6, 0x33), [2], sub('ab', 'c'));
  const PLAIN = cat([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x07], [2], sub('de'));
  const CONTROL = cat([0x21, 0xf9], sub('\x04\x0a\x00\x00'));
  const TEXT = cat([0x21, 0x01], sub('\x00\x00\x00\x00\x01\x00\x01\x00\x01\x01\x00\x01', 'drawn'));
  const LOOP = app('NETSCAPE2.0', '\x01\x00\x00');
  const LOOP2 = app('ANIMEXTS1.0', '\x01\x00\x00');

  it('keeps the tables, frames, graphic control, plain text and loop; drops comments, other applications, unknown labels and the trailer', async () => {
    const input = cat(
      HEADER,
      LOOP,
      app('XMP DataXMP', XMP),
      app('NETSCAPE2.1', '\x01\x00\x00'),
      [0x21, 0xff, 0],
      cat([0x21, 0xfe], sub(`comment ${SECRET}`)),
      // A comment and an unknown extension whose first sub-block reads like a loop's name are still dropped.
      cat([0x21, 0xfe], sub('NETSCAPE2.0', SECRET)),
      cat([0x21, 0x02], sub('NETSCAPE2.0', SECRET)),
      cat([0x21, 0x99], sub(SECRET)),
      CONTROL,
      FRAME,
      LOOP2,
      TEXT,
      PLAIN,
      [0x21, 0xff, 0],
      [0x3b],
      SECRET,
    );
    const out = await stripAll('image/gif', input);
    expect(out.toString('hex')).toBe(cat(HEADER, LOOP, CONTROL, FRAME, LOOP2, TEXT, PLAIN, [0x3b]).toString('hex'));
  });

  it('reads GIF87a, and a header without a global table (its size bits set)', async () => {
    const input = cat('GIF87a', [1, 0, 1, 0, 0x07, 0, 0], PLAIN, [0x3b]);
    expect((await stripAll('image/gif', input)).toString('hex')).toBe(input.toString('hex'));
  });

  it('refuses another header and an unknown block', async () => {
    expect(await refusal('image/gif', cat('GIF88a', [1, 0, 1, 0, 0, 0, 0, 0x3b]))).toBe('no GIF header');
    expect(await refusal('image/gif', cat('GIF89a', [1, 0, 1, 0, 0, 0, 0, 0x2b]))).toBe('bad GIF block');
    expect(await refusal('image/gif', cat(HEADER, LOOP))).toBe('ended early');
  });
});

describe('WebP chunks, byte for byte', () => {
  const chunk = (fourcc: string, data: Buffer | string) => {
    const body = Buffer.isBuffer(data) ? data : latin(data);
    const head = cat(fourcc, [0, 0, 0, 0]);
    head.writeUInt32LE(body.length, 4);
    return cat(head, body, body.length & 1 ? [0] : []);
  };
  const riff = (...chunks: Buffer[]) => {
    const body = cat('WEBP', ...chunks);
    const head = cat('RIFF', [0, 0, 0, 0]);
    head.writeUInt32LE(body.length, 4);
    return cat(head, body);
  };
  // Flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02.
  const vp8x = (flags: number) => chunk('VP8X', cat([flags, 0, 0, 0], [0, 0, 0, 0, 0, 0]));

  it('keeps the picture chunks (padding included) and the first orientation, drops XMP, EXIF and unknown chunks, and rewrites the flags and size', async () => {
    const kept = [
      chunk('ICCP', 'abc'),
      chunk('ANIM', 'loop!!'),
      chunk('ANMF', 'fram'),
      chunk('ALPH', 'al'),
      chunk('VP8L', 'pix'),
      chunk('VP8 ', 'px'),
    ];
    const input = riff(
      vp8x(0x3e),
      kept[0]!,
      chunk('XMP ', `${SECRET}!`),
      chunk('EXIF', cat('Exif\0\0', orientationTiff(6))),
      chunk('EXIF', orientationTiff(3)),
      chunk('ABCD', SECRET),
      ...kept.slice(1),
      vp8x(0x0c),
      chunk('ANIM', ''),
    );
    const received = cat(input, SECRET);
    const original = Buffer.from(received);
    const out = await stripAll('image/webp', received);
    expect(out.toString('hex')).toBe(
      riff(
        vp8x(0x3a),
        kept[0]!,
        chunk('EXIF', orientationTiff(6)),
        ...kept.slice(1),
        vp8x(0x0c),
        chunk('ANIM', ''),
      ).toString('hex'),
    );
    // The flags are changed in a copy, not in the bytes received.
    expect(received.equals(original)).toBe(true);
  });

  it('changes the flags of a VP8X that arrives in a piece of its own, not the piece', async () => {
    // Pieces of 30 bytes: skipping the unknown chunk takes the second piece as it came, and VP8X lies inside it.
    const received = riff(chunk('ABCD', Buffer.alloc(20, 0x41)), vp8x(0x0c), chunk('VP8L', 'pix'));
    const original = Buffer.from(received);
    const out = await strip('image/webp', received, 30);
    expect(out.toString('hex')).toBe(riff(vp8x(0), chunk('VP8L', 'pix')).toString('hex'));
    expect(received.equals(original)).toBe(true);
  });

  it('writes no orientation without VP8X (or with an empty one), nor for orientation 1; reads EXIF past 64 KiB', async () => {
    const picture = chunk('VP8L', 'pix');
    const exif6 = chunk('EXIF', orientationTiff(6));
    expect((await stripAll('image/webp', riff(exif6, picture))).toString('hex')).toBe(riff(picture).toString('hex'));
    expect((await stripAll('image/webp', riff(picture, exif6))).toString('hex')).toBe(riff(picture).toString('hex'));
    expect((await stripAll('image/webp', riff(chunk('VP8X', ''), exif6, picture))).toString('hex')).toBe(
      riff(chunk('VP8X', ''), picture).toString('hex'),
    );
    expect(
      (await stripAll('image/webp', riff(vp8x(0x08), chunk('EXIF', orientationTiff(1)), picture))).toString('hex'),
    ).toBe(riff(vp8x(0), picture).toString('hex'));
    const big = riff(vp8x(0), chunk('EXIF', cat(orientationTiff(8), Buffer.alloc(70_001, 0x41))), picture);
    expect((await stripAll('image/webp', big)).toString('hex')).toBe(
      riff(vp8x(0x08), chunk('EXIF', orientationTiff(8)), picture).toString('hex'),
    );
    // Fewer than 8 bytes left in the RIFF body: not a chunk, dropped.
    const tail = riff(picture, Buffer.from([1, 2, 3, 4, 5, 6, 7]));
    expect((await stripAll('image/webp', tail)).toString('hex')).toBe(riff(picture).toString('hex'));
  });

  it('refuses another header and a chunk past the RIFF end', async () => {
    const picture = chunk('VP8L', 'pix');
    expect(await refusal('image/webp', cat('RIFX', riff(picture).subarray(4)))).toBe('no WebP header');
    expect(await refusal('image/webp', cat(riff(picture).subarray(0, 8), 'WEBQ', picture))).toBe('no WebP header');
    const past = riff(picture);
    past.writeUInt32LE(past.length - 9, 4);
    expect(await refusal('image/webp', past)).toBe('WebP chunk past the end');
  });
});

describe('output pieces', () => {
  const file = (dataLength: number) =>
    cat(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      pngChunk('IDAT', Buffer.alloc(dataLength, 7)),
      pngChunk('IEND', Buffer.alloc(0)),
    );
  const piecesOf = async (input: Buffer, size: number) => {
    const out: number[] = [];
    for await (const piece of stripMetadata('image/png', pieces(input, size)[Symbol.asyncIterator]())!)
      out.push(piece.length);
    return out;
  };

  it('are written once 64 KiB are pending, and the rest at the end (never an empty piece)', async () => {
    // Signature, chunk head, data and CRC: 64 KiB exactly, then IEND's 12 bytes.
    for (const size of [1, 1000, 1 << 20]) {
      expect(await piecesOf(file(65_516), size)).toEqual([65_536, 12]);
      expect(await piecesOf(file(65_504), size)).toEqual([65_536]);
    }
    expect(await piecesOf(file(10), 1)).toEqual([42]);
  });
});

describe('the orientation in a TIFF structure', () => {
  /** A TIFF header (byte order, 42, IFD0 at 8) and IFD0 with `entries` [tag, type, value], nothing after them. */
  const tiff = (order: string, entries: [number, number, number][], count = entries.length, magic = 42) => {
    const le = order === 'II';
    const t = Buffer.alloc(10 + 12 * entries.length);
    t.write(order, 0, 'latin1');
    const u16 = (v: number, at: number) => (le ? t.writeUInt16LE(v, at) : t.writeUInt16BE(v, at));
    u16(magic, 2);
    if (le) t.writeUInt32LE(8, 4);
    else t.writeUInt32BE(8, 4);
    u16(count, 8);
    entries.forEach(([tag, type, value], i) => {
      u16(tag, 10 + 12 * i);
      u16(type, 12 + 12 * i);
      u16(1, 14 + 12 * i + (le ? 0 : 2));
      u16(value, 18 + 12 * i);
    });
    return t;
  };
  const ORIENTATION = 0x0112;

  it('reads it in either byte order, from any entry, up to the last byte', () => {
    for (const order of ['II', 'MM']) {
      for (const value of [1, 2, 7, 8])
        expect(orientationOf(tiff(order, [[ORIENTATION, 3, value]])), `${order} ${value}`).toBe(value);
      expect(
        orientationOf(
          tiff(order, [
            [0x010e, 2, 5],
            [0x0110, 2, 4],
            [ORIENTATION, 3, 6],
          ]),
        ),
      ).toBe(6);
    }
  });

  it('is 1 without the right byte order mark, magic number, entry type or value', () => {
    for (const order of ['II', 'MM']) {
      const body = tiff(order, [[ORIENTATION, 3, 6]]);
      for (const mark of ['IM', 'MI', 'XI', 'IX', 'MX', 'XM', 'ii', 'mm'])
        expect(orientationOf(Buffer.concat([Buffer.from(mark), body.subarray(2)])), `${mark} ${order}`).toBe(1);
    }
    expect(orientationOf(tiff('MM', [[ORIENTATION, 3, 6]], 1, 43))).toBe(1);
    expect(orientationOf(tiff('II', [[ORIENTATION, 4, 6]]))).toBe(1);
    expect(orientationOf(tiff('MM', [[ORIENTATION, 3, 0]]))).toBe(1);
    expect(orientationOf(tiff('MM', [[ORIENTATION, 3, 9]]))).toBe(1);
    expect(orientationOf(tiff('MM', [[0x0113, 3, 6]]))).toBe(1);
    expect(orientationOf(tiff('MM', []))).toBe(1);
  });

  it('is 1 for entries past the count or past the end, and for an IFD outside the bytes', () => {
    // One entry counted: the orientation after it is not part of IFD0.
    expect(
      orientationOf(
        tiff(
          'MM',
          [
            [0x010e, 2, 5],
            [ORIENTATION, 3, 6],
          ],
          1,
        ),
      ),
    ).toBe(1);
    // Three counted, two there: the walk stops at the end of the bytes.
    expect(
      orientationOf(
        tiff(
          'MM',
          [
            [0x010e, 2, 5],
            [0x0110, 2, 4],
          ],
          3,
        ),
      ),
    ).toBe(1);
    expect(orientationOf(tiff('MM', [[ORIENTATION, 3, 6]]).subarray(0, 21))).toBe(1);
    const pointer = tiff('MM', [[ORIENTATION, 3, 6]]);
    for (const ifd of [pointer.length - 2, pointer.length - 1, pointer.length, 0xffff]) {
      pointer.writeUInt32BE(ifd, 4);
      expect(orientationOf(pointer), `IFD at ${ifd}`).toBe(1);
    }
    for (const short of ['', 'M', 'MM', 'MM\0', 'MM\0*', 'MM\0*\0\0\0'])
      expect(orientationOf(Buffer.from(short, 'latin1')), short).toBe(1);
  });
});

describe('the types stripped', () => {
  it('are JPEG, PNG, GIF and WebP, each with its walker; the input is read to its end', async () => {
    expect([...STRIPPED_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    for (const mime of STRIPPED_TYPES)
      expect(stripMetadata(mime, pieces(Buffer.alloc(0), 1)[Symbol.asyncIterator]()), mime).not.toBeNull();
    let read = 0;
    const input = cat('GIF87a', [1, 0, 1, 0, 0, 0, 0, 0x3b], Buffer.alloc(100));
    const counted = (async function* () {
      for await (const piece of pieces(input, 10)) {
        read += piece.length;
        yield piece;
      }
    })();
    for await (const _ of stripMetadata('image/gif', counted)!);
    expect(read).toBe(input.length);
  });
});
