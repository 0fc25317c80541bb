import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import type { DestinationStream } from 'pino';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createLogger } from '../../lib/logger';
import { loginAs } from '../../../test/factories';
import { multipartBody, pngOfSize } from '../../../test/multipart';
import { S3_TEST_CREDENTIALS, startS3 } from '../../../test/s3';

/**
 * Files (issue 10, point 4), the same suite on local disk and on a real S3-compatible server
 * (s3rver, started here on a free port): upload, download with ranges, 413, 415 for an executable
 * renamed .png, another account's file answering 404, and nothing left in storage by a refused or
 * failed upload.
 */
const MAX = 2 * 1024 * 1024;
const BUCKET = 'habla-files-test';

const { endpoint, env: s3Env } = await startS3(BUCKET);
const s3Client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
afterAll(() => s3Client.destroy());

/** Every object in the storage (for local disk, every file, `.part` ones too), whatever the driver. */
async function storedObjects(t: TestApp): Promise<string[]> {
  const storage = t.config.storage;
  if (storage.driver === 'local') {
    if (!fs.existsSync(storage.root)) return [];
    return (fs.readdirSync(storage.root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
  }
  // (s3rver does not list unfinished multipart uploads; the objects are what a reader could reach.)
  const objects = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (objects.Contents ?? []).map((o) => o.Key ?? '');
}

const ELF = fs.readFileSync('/bin/true');
/** The head of a Windows executable (MZ, PE header offset, PE signature). */
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(0x3a), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(0x40), Buffer.from('PE\0\0'), crypto.randomBytes(2000)]);

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

  beforeAll(async () => {
    const lines: string[] = [];
    logs.set(label, lines);
    const destination = { write: (line: string) => void lines.push(line) } as DestinationStream;
    t = await buildTestApp({ env: { ...env, UPLOAD_MAX_BYTES: String(MAX) }, logger: createLogger({ level: 'trace', destination }) });
    therapist = await loginAs(t.app, 'THERAPIST');
    colleague = await loginAs(t.app, 'THERAPIST', { accountId: therapist.user.accountId });
    stranger = await loginAs(t.app, 'THERAPIST');
  });

  const upload = (headers: Record<string, string>, parts: Parameters<typeof multipartBody>[0], extra: Record<string, string> = {}) => {
    const body = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/files', headers: { ...headers, ...body.headers, ...extra }, payload: body.payload });
  };
  const uploadPng = async (bytes = pngOfSize(1.5 * 1024 * 1024), name = 'cat.png') => {
    const res = await upload(therapist.headers, [{ name: 'file', filename: name, type: 'image/png', data: bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    return { bytes, file: res.json().data as { id: string; name: string; content_type: string; size: number; sha256: string; account_id: string } };
  };

  it('stores a picture larger than the JSON body limit and gives back the same bytes with their type', async () => {
    const before = (await storedObjects(t)).length;
    const { bytes, file } = await uploadPng();
    expect(file).toMatchObject({
      name: 'cat.png',
      content_type: 'image/png',
      size: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      account_id: therapist.user.accountId,
    });
    expect(await storedObjects(t)).toHaveLength(before + 1);

    const meta = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: colleague.headers });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data).toEqual(file);

    const content = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/content`, headers: colleague.headers });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toBe(`inline; filename="cat.png"; filename*=UTF-8''cat.png`);
    expect(Number(content.headers['content-length'])).toBe(bytes.length);
    expect(content.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers byte ranges (206), a suffix range, and 416 past the end', async () => {
    const { bytes, file } = await uploadPng(pngOfSize(5000));
    const url = `/api/files/${file.id}/content`;
    const part = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url, headers: { ...therapist.headers, range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(past.json()).toMatchObject({ status: false, code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('accepts a file of exactly the limit and refuses one byte more with 413 naming the field, leaving nothing stored', async () => {
    await uploadPng(pngOfSize(MAX));
    const before = await storedObjects(t);
    const res = await upload(therapist.headers, [{ name: 'file', filename: 'big.png', type: 'image/png', data: pngOfSize(MAX + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: false, code: 'PAYLOAD_TOO_LARGE', errors: ['File is too large: at most 2 MB.'], fields: { file: 'File is too large: at most 2 MB.' } });
    expect(await storedObjects(t)).toEqual(before);
    const es = await upload(therapist.headers, [{ name: 'file', filename: 'big.png', data: pngOfSize(3 * MAX) }], { 'accept-language': 'es' });
    expect(es.statusCode).toBe(413);
    expect(es.json().fields).toEqual({ file: 'El archivo es demasiado grande: como máximo 2 MB.' });
    expect(await storedObjects(t)).toEqual(before);
  });

  it('refuses an executable renamed x.png and sent as image/png (415, from the bytes), leaving nothing stored', async () => {
    const before = await storedObjects(t);
    for (const data of [ELF, PE]) {
      const res = await upload(therapist.headers, [{ name: 'file', filename: 'x.png', type: 'image/png', data }]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE', fields: { file: expect.stringContaining('not accepted') } });
    }
    const text = await upload(therapist.headers, [{ name: 'file', filename: 'notes.png', type: 'image/png', data: 'just some text' }]);
    expect(text.statusCode).toBe(415);
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
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: admin.headers })).statusCode).toBe(200);
    const editor = await loginAs(t.app, 'EDITOR');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: editor.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}/content`, headers: therapist.headers })).statusCode).toBe(200);
  });

  it('deletes a file: its uploader may, a colleague may not (403), and the object goes too', async () => {
    const { file } = await uploadPng(pngOfSize(3000));
    const before = (await storedObjects(t)).length;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: colleague.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: therapist.headers });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: therapist.headers })).statusCode).toBe(404);
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
    const json = await t.app.inject({ method: 'POST', url: '/api/files', headers: therapist.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().fields).toEqual({ file: 'File: send the file as multipart/form-data.' });
    const cut = multipartBody([{ name: 'file', filename: 'a.png', data: pngOfSize(3000) }]);
    const broken = await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...therapist.headers, ...cut.headers }, payload: cut.payload.subarray(0, 2000) });
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
        const res = await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...therapist.headers, ...body.headers }, payload: body.payload });
        if (res.statusCode === 201) {
          await t.app.inject({ method: 'DELETE', url: `/api/files/${res.json().data.id}`, headers: therapist.headers });
          return true;
        }
        return res.statusCode >= 400 && res.statusCode < 500 && res.json().status === false && res.json().errors.length > 0;
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
    await t.database.pool.query(`CREATE FUNCTION refuse_files() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.database.pool.query('CREATE TRIGGER refuse_files BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION refuse_files()');
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
    t = await buildTestApp({ env: { ADMISSION_MAX_ACTIVE: '1', ADMISSION_MAX_WAIT_MS: '200', UPLOAD_MAX_PER_USER: '1' } });
  });

  it('a slow upload holds no turn of the admission gate, and one user streams one at a time (429 with Retry-After)', async () => {
    const user = await loginAs(t.app, 'THERAPIST');
    const form = multipartBody([{ name: 'file', filename: 'slow.png', data: pngOfSize(10_000) }]);
    const quick = () => {
      const b = multipartBody([{ name: 'file', filename: 'quick.png', data: pngOfSize(3000) }]);
      return t.app.inject({ method: 'POST', url: '/api/files', headers: { ...user.headers, ...b.headers }, payload: b.payload });
    };
    const body = new PassThrough();
    const slow = t.app.inject({ method: 'POST', url: '/api/files', headers: { ...user.headers, ...form.headers }, payload: body });
    body.write(form.payload.subarray(0, 5000));
    // The slow upload is under way once its bytes are being written (a `.part` file in the storage folder).
    const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
    const partFiles = () => (fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.part')) : []);
    await expect.poll(partFiles).toHaveLength(1);
    // It holds no turn of the admission gate (one turn in all here): others are served meanwhile…
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
    // …and the same user's next upload is refused while it streams.
    const refused = await quick();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ status: false, code: 'TOO_MANY_REQUESTS', errors: ['Too many uploads are running. Please try again in 5 second(s).'] });
    body.end(form.payload.subarray(5000));
    expect((await slow).statusCode).toBe(201);
    expect((await quick()).statusCode).toBe(201);
  });
});
