import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import type { DestinationStream } from 'pino';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createLogger } from '../../lib/logger';
import { loginAs } from '../../../test/factories';
import { multipartBody, pngOfSize, SIZED_SVG, UNKNOWN_BYTES as UNKNOWN, wavOfSize } from '../../../test/multipart';
import { S3_TEST_CREDENTIALS, startS3 } from '../../../test/s3';

/**
 * Files, the same suite on local disk and on a real S3-compatible server
 * (s3rver, started here on a free port): upload, download with ranges (clamped past the end, 416
 * from past the end), 413, 415 decided from the bytes only (an executable renamed .png, bytes no
 * sniffer knows sent as audio/wav or image/png, a sized SVG), a picture's metadata stripped before
 * it is stored, another account's file answering 404, and nothing left in storage by a refused or
 * failed upload. Who reads which file of an account: file-scope.test.ts.
 */
const MAX = 2 * 1024 * 1024;
const BUCKET = 'habla-files-test';

const { endpoint, env: s3Env } = await startS3(BUCKET);
const s3Client = new S3Client({
  endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: S3_TEST_CREDENTIALS,
});
afterAll(() => s3Client.destroy());

/** Every object in the storage (for local disk, every file, `.part` ones too), whatever the driver. */
async function storedObjects(t: TestApp): Promise<string[]> {
  const storage = t.config.storage;
  if (storage.driver === 'local') {
    if (!fs.existsSync(storage.root)) return [];
    return (fs.readdirSync(storage.root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  }
  // (s3rver does not list unfinished multipart uploads; the objects are what a reader could reach.)
  const objects = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (objects.Contents ?? []).map((o) => o.Key ?? '');
}

const ELF = fs.readFileSync('/bin/true');
/** The head of a Windows executable (MZ, PE header offset, PE signature). */
const PE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(0x3a),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(0x40),
  Buffer.from('PE\0\0'),
  crypto.randomBytes(2000),
]);

/** A PNG without its chunks of `type` (what the metadata walker leaves of pngOfSize's text padding). */
function withoutChunk(png: Buffer, type: string): Buffer {
  const kept = [png.subarray(0, 8)];
  for (let at = 8; at < png.length;) {
    const end = at + 12 + png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) !== type) kept.push(png.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}

/** Each app's log at trace level, to look for the storage secret in it. */
const logs = new Map<string, string[]>();

describe.each([
  ['local disk', {}],
  ['S3-compatible server', s3Env],
] as const)('files on %s', (label, env) => {
  let t: TestApp;
  let therapist: Awaited<ReturnType<typeof loginAs>>;
  let colleague: Awaited<ReturnType<typeof loginAs>>;
  let stranger: Awaited<ReturnType<typeof loginAs>>;
  let accountAdmin: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    const lines: string[] = [];
    logs.set(label, lines);
    const destination = { write: (line: string) => void lines.push(line) } as DestinationStream;
    t = await buildTestApp({
      env: { ...env, UPLOAD_MAX_BYTES: String(MAX) },
      logger: createLogger({ level: 'trace', destination }),
    });
    therapist = await loginAs(t.app, 'THERAPIST');
    colleague = await loginAs(t.app, 'THERAPIST', { accountId: therapist.user.accountId });
    stranger = await loginAs(t.app, 'THERAPIST');
    accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId: therapist.user.accountId });
  });

  const upload = (
    headers: Record<string, string>,
    parts: Parameters<typeof multipartBody>[0],
    extra: Record<string, string> = {},
  ) => {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...body.headers, ...extra },
      payload: body.payload,
    });
  };
  type Info = { id: string; name: string; content_type: string; size: number; sha256: string; account_id: string };
  const uploadAs = async (bytes: Buffer, name: string, type: string) => {
    const res = await upload(therapist.headers, [{ name: 'file', filename: name, type, data: bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    return { bytes, file: res.json().data as Info };
  };
  const uploadPng = (bytes = pngOfSize(1.5 * 1024 * 1024), name = 'cat.png') => uploadAs(bytes, name, 'image/png');
  const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

  it('stores a picture larger than the JSON body limit without its text chunk, and gives back the stored bytes with their size, hash and type', async () => {
    const before = (await storedObjects(t)).length;
    const { bytes, file } = await uploadPng();
    // pngOfSize pads with a tEXt chunk: metadata, so it is not stored (and the limit counts what was sent).
    const stored = withoutChunk(bytes, 'tEXt');
    expect(stored.length).toBeLessThan(100);
    expect(file).toMatchObject({
      name: 'cat.png',
      content_type: 'image/png',
      size: stored.length,
      sha256: sha256(stored),
      account_id: therapist.user.accountId,
    });
    expect(await storedObjects(t)).toHaveLength(before + 1);

    const meta = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: accountAdmin.headers });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toEqual(file);

    const content = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      headers: accountAdmin.headers,
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toBe(`inline; filename="cat.png"; filename*=UTF-8''cat.png`);
    expect(Number(content.headers['content-length'])).toBe(stored.length);
    expect(content.rawPayload.equals(stored)).toBe(true);
  });

  it('stores a phone photo without its GPS position, EXIF and XMP, keeping its orientation and every pixel', async () => {
    const photo = await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: { r: 200, g: 80, b: 40 },
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { ImageDescription: 'HOME-OF-CHILD', Artist: 'Parent Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 26/1 4600/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '3/1 42/1 0/1',
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>HOME-OF-CHILD-XMP</rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(exifReader(before.exif!).GPSInfo?.GPSLatitude).toEqual([40, 26, 46]);
    expect(before.xmp).toBeDefined();

    const { file } = await uploadAs(photo, 'garden.jpg', 'image/jpeg');
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}/content`,
      headers: therapist.headers,
    });
    expect(content.statusCode).toBe(200);
    const served = content.rawPayload;
    expect(file).toMatchObject({ content_type: 'image/jpeg', size: served.length, sha256: sha256(served) });
    expect(served.length).toBeLessThan(photo.length);
    const after = await sharp(served).metadata();
    expect(exifReader(after.exif!)).toEqual({ bigEndian: true, Image: { Orientation: 6 } });
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(served.includes('HOME-OF-CHILD')).toBe(false);
    expect(served.includes('Parent Phone')).toBe(false);
    expect((await sharp(served).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
    if (t.config.storage.driver === 'local')
      for (const object of await storedObjects(t))
        expect(fs.readFileSync(object).includes('HOME-OF-CHILD'), object).toBe(false);
  });

  it('refuses a picture whose structure cannot be walked (415), leaving nothing stored', async () => {
    const before = await storedObjects(t);
    const png = pngOfSize(3000);
    // A PNG whose first chunk's type is not letters: its head still says PNG.
    const broken = Buffer.concat([png.subarray(0, 12), Buffer.from('1234'), png.subarray(16)]);
    const res = await upload(therapist.headers, [
      { name: 'file', filename: 'broken.png', type: 'image/png', data: broken },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { file: expect.stringContaining('not accepted') },
    });
    expect(await storedObjects(t)).toEqual(before);
  });

  it('answers byte ranges (206), a suffix range, a range past the end clamped to the file, and 416 from past the end', async () => {
    const { bytes, file } = await uploadAs(wavOfSize(5000), 'tone.wav', 'audio/wav');
    expect(file).toMatchObject({ content_type: 'audio/wav', size: 5000, sha256: sha256(bytes) });
    const url = `/api/files/${file.id}/content`;
    const part = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    // An end past the file is clamped to its last byte (RFC 9110 §14.1.2).
    const clamped = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...therapist.headers, range: 'bytes=10-99999999' },
    });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.headers['content-range']).toBe(`bytes 10-4999/5000`);
    expect(clamped.headers['content-length']).toBe('4990');
    expect(clamped.rawPayload.equals(bytes.subarray(10))).toBe(true);
    for (const range of [`bytes=${bytes.length}-`, 'bytes=5000-99999999', 'bytes=99999999-']) {
      const past = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range } });
      expect(past.statusCode, range).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(past.json()).toMatchObject({
        status: false,
        code: 'RANGE_NOT_SATISFIABLE',
        errors: ['The requested byte range is outside the file.'],
      });
    }
    // A zero-length suffix and an end before the start select nothing: 416 too.
    for (const range of ['bytes=-0', 'bytes=200-100'])
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range } })).statusCode,
        range,
      ).toBe(416);
    // What is not one byte range (no numbers, another unit, a list, trailing junk) is ignored: the whole file, 200 (RFC
    // 9110 §14.2).
    for (const range of ['bytes=-', 'items=0-5', 'xbytes=0-5', 'bytes=0-5x', 'bytes=0-1,5-6']) {
      const whole = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range } });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers['content-range'], range).toBeUndefined();
      expect(whole.rawPayload.equals(bytes), range).toBe(true);
    }
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413 naming the field, leaving nothing stored', async () => {
    await uploadPng(pngOfSize(MAX));
    const before = await storedObjects(t);
    const res = await upload(therapist.headers, [
      { name: 'file', filename: 'big.png', type: 'image/png', data: pngOfSize(MAX + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      status: false,
      code: 'PAYLOAD_TOO_LARGE',
      errors: ['File is too large: at most 2 MB.'],
      fields: { file: 'File is too large: at most 2 MB.' },
    });
    expect(await storedObjects(t)).toEqual(before);
    const es = await upload(therapist.headers, [{ name: 'file', filename: 'big.png', data: pngOfSize(3 * MAX) }], {
      'accept-language': 'es',
    });
    expect(es.statusCode).toBe(413);
    expect(es.json().fields).toEqual({ file: 'El archivo es demasiado grande: como máximo 2 MB.' });
    expect(await storedObjects(t)).toEqual(before);
  });

  it('refuses an executable renamed x.png and sent as image/png (415, from the bytes), leaving nothing stored', async () => {
    const before = await storedObjects(t);
    for (const data of [ELF, PE]) {
      const res = await upload(therapist.headers, [{ name: 'file', filename: 'x.png', type: 'image/png', data }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.stringContaining('not accepted') },
      });
    }
    const text = await upload(therapist.headers, [
      { name: 'file', filename: 'notes.png', type: 'image/png', data: 'just some text' },
    ]);
    expect(text.statusCode).toBe(415);
    expect(await storedObjects(t)).toEqual(before);
  });

  it('refuses bytes no sniffer recognises, whatever Content-Type the client gives (audio/wav, image/png): 415, never its word', async () => {
    const before = await storedObjects(t);
    for (const [filename, type] of [
      ['session.wav', 'audio/wav'],
      ['photo.png', 'image/png'],
    ]) {
      const res = await upload(therapist.headers, [{ name: 'file', filename, type, data: UNKNOWN }]);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.stringContaining('not accepted') },
      });
    }
    expect(await storedObjects(t)).toEqual(before);
  });

  it('refuses an SVG with a width and height (one that would draw) as SVG: 415, leaving nothing stored', async () => {
    // The fixture is a picture libvips draws: only its type refuses it.
    expect(await sharp(Buffer.from(SIZED_SVG)).metadata()).toMatchObject({ format: 'svg', width: 64, height: 48 });
    const before = await storedObjects(t);
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await upload(therapist.headers, [{ name: 'file', filename: 'drawing.svg', type, data: SIZED_SVG }]);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().fields.file).toMatch(/not accepted \(accepted: PNG, JPEG, GIF, WEBP/);
    }
    expect(await storedObjects(t)).toEqual(before);
  });

  it("answers 404 to another account's user on metadata, content and delete, and keeps the file", async () => {
    const { file } = await uploadPng(pngOfSize(3000));
    for (const [method, url] of [
      ['GET', `/api/files/${file.id}`],
      ['GET', `/api/files/${file.id}/content`],
      ['DELETE', `/api/files/${file.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: stranger.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    }
    // Platform staff who run accounts see it; an EDITOR sees shared content only.
    const admin = await loginAs(t.app, 'SUPERADMIN');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    const editor = await loginAs(t.app, 'EDITOR');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: editor.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/content`, headers: therapist.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('deletes a file: its uploader may, a colleague (who does not see it) gets 404, and the object goes too', async () => {
    const { file } = await uploadPng(pngOfSize(3000));
    const before = (await storedObjects(t)).length;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: colleague.headers })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: therapist.headers });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: therapist.headers })).statusCode,
    ).toBe(404);
    expect(await storedObjects(t)).toHaveLength(before - 1);
  });

  it('refuses a request without a file part, with two files, or not multipart, naming the field', async () => {
    const before = await storedObjects(t);
    const none = await upload(therapist.headers, [{ name: 'note', data: 'hello' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ file: 'File: choose a file to upload.' });
    const two = await upload(therapist.headers, [
      { name: 'file', filename: 'a.png', data: pngOfSize(3000) },
      { name: 'file', filename: 'b.png', data: pngOfSize(3000) },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().fields).toEqual({ file: 'File: send one file, in the form field "file".' });
    // A file under another field name is not the upload, even alone in the form.
    const elsewhere = await upload(therapist.headers, [{ name: 'photo', filename: 'a.png', data: pngOfSize(3000) }]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toEqual({ file: 'File: send one file, in the form field "file".' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: therapist.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().fields).toEqual({ file: 'File: send the file as multipart/form-data.' });
    const cut = multipartBody([{ name: 'file', filename: 'a.png', data: pngOfSize(3000) }]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...therapist.headers, ...cut.headers },
      payload: cut.payload.subarray(0, 2000),
    });
    expect(broken.statusCode).toBe(400);
    expect(await storedObjects(t)).toEqual(before);
  });

  it('answers hostile multipart bodies with a 4xx envelope, never a 5xx, and stores nothing', async () => {
    const before = await storedObjects(t);
    const png = pngOfSize(3000);
    const ascii = fc.string({ maxLength: 40 });
    const hostile = fc.oneof(
      // A well-formed form with odd names, types and contents.
      fc
        .record({
          name: fc.constantFrom('file', 'File', '__proto__', 'x', ''),
          filename: fc.option(ascii, { nil: undefined }),
          type: fc.option(ascii, { nil: undefined }),
          data: fc.oneof(
            fc.uint8Array({ maxLength: 6000 }).map((b) => Buffer.from(b)),
            fc.constant(ELF),
            fc.constant(png.subarray(0, 50)),
          ),
        })
        .map((p) => multipartBody([p])),
      // A real upload cut anywhere, or with bytes flipped.
      fc.tuple(fc.nat({ max: 3200 }), fc.nat({ max: 255 })).map(([cut, b]) => {
        const body = multipartBody([{ name: 'file', filename: 'a.png', data: png }]);
        const payload = Buffer.from(body.payload.subarray(0, cut + 1));
        payload[Math.floor(cut / 2)] = b;
        return { ...body, payload };
      }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (body) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...therapist.headers, ...body.headers },
          payload: body.payload,
        });
        if (res.statusCode === 201) {
          await t.app.inject({ method: 'DELETE', url: `/api/files/${res.json().data.id}`, headers: therapist.headers });
          return true;
        }
        return (
          res.statusCode >= 400 && res.statusCode < 500 && res.json().status === false && res.json().errors.length > 0
        );
      }),
      { numRuns: 60, seed: 20261123 },
    );
    expect(await storedObjects(t)).toEqual(before);
  });

  it('lets only users with a content permission upload (a student gets 403)', async () => {
    const student = await loginAs(t.app, 'STUDENT');
    const res = await upload(student.headers, [{ name: 'file', filename: 'a.png', data: pngOfSize(3000) }]);
    expect(res.statusCode).toBe(403);
  });

  it('removes the stored object when the row cannot be written', async () => {
    const before = await storedObjects(t);
    await t.database.pool.query(
      `CREATE FUNCTION refuse_files() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await t.database.pool.query(
      'CREATE TRIGGER refuse_files BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION refuse_files()',
    );
    try {
      const res = await upload(therapist.headers, [{ name: 'file', filename: 'a.png', data: pngOfSize(3000) }]);
      expect(res.statusCode).toBe(500);
      expect(await storedObjects(t)).toEqual(before);
    } finally {
      await t.database.pool.query('DROP TRIGGER refuse_files ON files; DROP FUNCTION refuse_files()');
    }
  });
});

it('never logs the S3 secret key, through uploads, refusals and a failed upload, at trace level', () => {
  const text = (logs.get('S3-compatible server') ?? []).join('');
  expect(text).toContain('request failed');
  expect(text).not.toContain(s3Env.S3_SECRET_ACCESS_KEY);
});

describe('uploads under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ADMISSION_MAX_ACTIVE: '1', ADMISSION_MAX_WAIT_MS: '200', UPLOAD_MAX_PER_USER: '1' },
    });
  });

  it('a slow upload holds no turn of the admission gate, and one user streams one at a time (429 with Retry-After)', async () => {
    const user = await loginAs(t.app, 'THERAPIST');
    const form = multipartBody([{ name: 'file', filename: 'slow.png', data: pngOfSize(10_000) }]);
    const quick = () => {
      const b = multipartBody([{ name: 'file', filename: 'quick.png', data: pngOfSize(3000) }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...user.headers, ...b.headers },
        payload: b.payload,
      });
    };
    const body = new PassThrough();
    const slow = t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...user.headers, ...form.headers },
      payload: body,
    });
    body.write(form.payload.subarray(0, 5000));
    // The slow upload is under way once its bytes are being written (a `.part` file in the storage folder).
    const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
    const partFiles = () =>
      fs.existsSync(root)
        ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.part'))
        : [];
    await expect.poll(partFiles).toHaveLength(1);
    // It holds no turn of the admission gate (one turn in all here): others are served meanwhile…
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
    // …and the same user's next upload is refused while it streams.
    const refused = await quick();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      status: false,
      code: 'TOO_MANY_REQUESTS',
      errors: ['Too many uploads are running. Please try again in 5 second(s).'],
    });
    body.end(form.payload.subarray(5000));
    expect((await slow).statusCode).toBe(201);
    expect((await quick()).statusCode).toBe(201);
  });
});
