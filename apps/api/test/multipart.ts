import crypto from 'node:crypto';
import zlib from 'node:zlib';

export type FormPart = { name: string; data: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body, byte for byte as a browser sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----habla${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG (one red pixel) of about `size` bytes: a text chunk of random letters pads it, so a
 * test can upload a real picture larger than the JSON body limit or just past an upload limit.
 */
export function pngOfSize(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixel = zlib.deflateSync(Buffer.from([0, 255, 0, 0]));
  const fixed = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixel),
    chunk('IEND', Buffer.alloc(0)),
  ];
  const bare = fixed.reduce((n, b) => n + b.length, 0);
  const padding = Math.max(0, size - bare - 12 - 8);
  const text = Buffer.concat([
    Buffer.from('Comment\0'),
    Buffer.from(crypto.randomBytes(padding).map((b) => 97 + (b % 26))),
  ]);
  return Buffer.concat([fixed[0]!, fixed[1]!, chunk('tEXt', text), fixed[2]!, fixed[3]!]);
}

/**
 * A PNG of random pixels, stored uncompressed, of at least `size` bytes: unlike pngOfSize, its size
 * is picture, not metadata, so it stays when the metadata is stripped.
 */
export function noisyPngOfSize(size: number): Buffer {
  const width = 256;
  const rows = Math.max(1, Math.ceil(size / (1 + width * 3)));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = crypto.randomBytes(rows * (1 + width * 3));
  for (let r = 0; r < rows; r += 1) raw[r * (1 + width * 3)] = 0;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid WAV file (16-bit mono PCM, a rising ramp so no two ranges look alike) of exactly `size`
 * bytes: a type stored as it came, byte for byte, for tests of sizes and byte ranges.
 */
export function wavOfSize(size: number): Buffer {
  const wav = Buffer.alloc(Math.max(44, size));
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(wav.length - 44, 40);
  for (let i = 44; i < wav.length; i += 1) wav[i] = i % 251;
  return wav;
}

/** Bytes no sniffer recognises (neither file-type nor audio-type names a format for them). */
export const UNKNOWN_BYTES = Buffer.from(Array.from({ length: 6000 }, (_, i) => (i * 7919 + 13) % 256));

/** An SVG with a width and height: libvips draws it (64×48), so only its type can refuse it. */
export const SIZED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="red"/><script>alert(1)</script></svg>';
