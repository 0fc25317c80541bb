import exifReader from 'exif-reader';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { login, loginAs } from '../../../test/factories';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo';
import { seedDemoImages } from '../../db/seed/demo-images';
import { multipartBody, SIZED_SVG, UNKNOWN_BYTES, type FormPart } from '../../../test/multipart';
import { NotAnImage, processImage } from './process';

/**
 * The image gallery: upload through `POST /api/images` with its checks (413, 415 for SVG
 * and for bytes that are not a picture, alt required), the three sizes made and served without any
 * metadata (a photo's GPS position never leaves the server), who sees which image (a private one
 * only its owner, 404 to everyone else, platform staff and the account's admin included), folders
 * and their counts, and the engine's list / patch / delete on images.
 */
let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let therapist: Who, colleague: Who, accountAdmin: Who, stranger: Who, editor: Who, superadmin: Who, student: Who;
const MAX = 3 * 1024 * 1024;

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_MAX_BYTES: String(MAX) } });
  therapist = await loginAs(t.app, 'THERAPIST');
  const accountId = therapist.user.accountId;
  colleague = await loginAs(t.app, 'THERAPIST', { accountId });
  accountAdmin = await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId });
  student = await loginAs(t.app, 'STUDENT', { accountId });
  stranger = await loginAs(t.app, 'THERAPIST');
  editor = await loginAs(t.app, 'EDITOR');
  superadmin = await loginAs(t.app, 'SUPERADMIN');
});

/** A 640×480 photo taken "on its side" (EXIF orientation 6) with a GPS position and a description naming a home. */
async function phoneJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 92 })
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
    .toBuffer();
}

function upload(
  who: Who,
  file: Partial<FormPart> & { data: Buffer | string },
  fields: Record<string, string> = { alt: 'A red square' },
  headers: Record<string, string> = {},
) {
  const parts: FormPart[] = [
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: 'file', filename: 'photo.jpg', type: 'image/jpeg', ...file },
  ];
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...who.headers, ...body.headers, ...headers },
    payload: body.payload,
  });
}
const call = (who: Who, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const stored = () => {
  const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];
};

describe('uploading an image', () => {
  it('makes thumb, medium and original sizes, upright, and none of them carries EXIF, GPS or the description', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    // The fixture really carries what must go: a GPS position, a description, an orientation.
    expect(exifReader(before.exif!).GPSInfo?.GPSLatitude).toEqual([40, 26, 46]);
    expect(input.includes('HOME-OF-CHILD')).toBe(true);

    const res = await upload(
      therapist,
      { data: input, filename: 'garden.jpg' },
      { alt: 'Our garden', description: 'Taken at home' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    expect(image).toMatchObject({
      name: 'garden',
      alt: 'Our garden',
      is_private: true,
      content_type: 'image/jpeg',
      width: 480,
      height: 640,
    });
    expect(image.account_id).toBe(therapist.user.accountId);
    expect(image._actions).toEqual(expect.arrayContaining(['read', 'update', 'delete']));

    const expected = {
      thumb: { type: 'image/webp', side: 256 },
      medium: { type: 'image/webp', side: 640 },
      original: { type: 'image/jpeg', side: 640 },
    };
    for (const [size, want] of Object.entries(expected)) {
      const file = await call(therapist, 'GET', `/api/images/${image.id}/file?size=${size}`);
      expect(file.statusCode, `${size}: ${file.body.slice(0, 100)}`).toBe(200);
      expect(file.headers['content-type']).toBe(want.type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const bytes = file.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, `${size} has EXIF`).toBeUndefined();
      expect(meta.xmp, `${size} has XMP`).toBeUndefined();
      expect(meta.iptc, `${size} has IPTC`).toBeUndefined();
      // Upright: the photo was 640×480 on its side; every size is portrait, and no orientation tag is left to apply
      // twice.
      expect(meta.orientation ?? 1).toBe(1);
      expect(Math.max(meta.width!, meta.height!)).toBe(want.side);
      expect(meta.height!).toBeGreaterThan(meta.width!);
      expect(bytes.includes('HOME-OF-CHILD')).toBe(false);
      expect(bytes.includes('Parent Phone')).toBe(false);
    }
    // The default size is medium.
    expect((await call(therapist, 'GET', `/api/images/${image.id}/file`)).headers['content-type']).toBe('image/webp');
    // Nowhere on disk: no stored object holds the uploaded bytes' description.
    for (const file of stored()) expect(fs.readFileSync(file).includes('HOME-OF-CHILD'), file).toBe(false);
  });

  it('refuses SVG (a sized one too), unknown bytes whatever their declared type, text named .png and a JPEG whose bytes are broken with 415 naming the file and the accepted types', async () => {
    const count = stored().length;
    const svg = await upload(therapist, {
      data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      filename: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().fields.file).toMatch(/JPEG, PNG, WEBP, GIF/);
    const text = await upload(therapist, { data: 'just some words', filename: 'x.png', type: 'image/png' });
    expect(text.statusCode).toBe(415);
    // An SVG with a width and height is a picture libvips draws: it is refused for being SVG.
    expect(await sharp(Buffer.from(SIZED_SVG)).metadata()).toMatchObject({ format: 'svg', width: 64, height: 48 });
    for (const type of ['image/svg+xml', 'image/png']) {
      const sized = await upload(therapist, { data: SIZED_SVG, filename: 'drawing.svg', type });
      expect(sized.statusCode, type).toBe(415);
      expect(sized.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.stringMatching(/JPEG, PNG, WEBP, GIF/) },
      });
    }
    // Bytes no sniffer knows are refused whatever the client calls them.
    for (const type of ['image/png', 'audio/wav']) {
      const unknown = await upload(therapist, { data: UNKNOWN_BYTES, filename: 'x.png', type });
      expect(unknown.statusCode, type).toBe(415);
    }
    // The head says JPEG (the type sniffed from the first bytes passes) but the picture does not decode.
    const jpeg = await phoneJpeg();
    const broken = Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(4000, 7)]);
    const res = await upload(
      therapist,
      { data: broken, filename: 'broken.jpg' },
      { alt: 'Broken' },
      { 'accept-language': 'es' },
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().fields.file).toMatch(/JPEG/);
    expect(stored().length).toBe(count);
  });

  it('never makes sizes of an SVG, even one with a size that libvips would draw (the decoder refuses it too)', async () => {
    await expect(processImage(Buffer.from(SIZED_SVG))).rejects.toBeInstanceOf(NotAnImage);
  });

  it('refuses a file past the size limit with 413 naming the file, and stores nothing', async () => {
    const count = stored().length;
    const big = await sharp({
      create: {
        width: 2400,
        height: 2400,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX);
    const res = await upload(therapist, { data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.file).toMatch(/3 MB/);
    expect(stored().length).toBe(count);
  });

  it('requires the alt text and checks the fields, naming each, before anything is stored', async () => {
    const count = stored().length;
    const jpeg = await phoneJpeg(40, 30);
    const noAlt = await upload(therapist, { data: jpeg }, { name: 'No alt' });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().fields.alt).toMatch(/Alt/i);
    const bad = await upload(therapist, { data: jpeg }, { alt: 'x', is_private: 'maybe', folder_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['is_private', 'folder_id']));
    const unknown = await upload(therapist, { data: jpeg }, { alt: 'x', account_id: stranger.user.accountId! });
    expect(unknown.statusCode).toBe(400);
    expect(stored().length).toBe(count);
    // JSON is not an upload.
    expect((await call(therapist, 'POST', '/api/images', { alt: 'x', name: 'y' })).statusCode).toBe(415);
  });

  it('is for those who make content: a student and a viewer are refused with 403', async () => {
    const jpeg = await phoneJpeg(40, 30);
    expect((await upload(student, { data: jpeg })).statusCode).toBe(403);
    const viewer = await loginAs(t.app, 'VIEWER');
    expect((await upload(viewer, { data: jpeg })).statusCode).toBe(403);
  });
});

describe('who sees an image', () => {
  it('serves a private image to its owner only: 404 to a colleague, the account admin, platform staff and another account', async () => {
    const id = (await upload(therapist, { data: await phoneJpeg(60, 40) }, { alt: 'Private photo' })).json().data.id;
    for (const url of [
      `/api/images/${id}`,
      `/api/images/${id}/file?size=thumb`,
      `/api/images/${id}/file?size=original`,
    ]) {
      expect((await call(therapist, 'GET', url)).statusCode, url).toBe(200);
      for (const who of [colleague, accountAdmin, superadmin, stranger, editor])
        expect((await call(who, 'GET', url)).statusCode, `${who.user.role} ${url}`).toBe(404);
    }
    expect((await call(accountAdmin, 'PATCH', `/api/images/${id}`, { alt: 'mine now' })).statusCode).toBe(404);
    expect((await call(colleague, 'DELETE', `/api/images/${id}`)).statusCode).toBe(404);
    const listed = await call(colleague, 'GET', '/api/images?max=100');
    expect(listed.json().data.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('shares an image with the account (not beyond), and the library with everyone; only authors change them', async () => {
    const shared = (
      await upload(therapist, { data: await phoneJpeg(60, 40) }, { alt: 'Shared card', is_private: 'false' })
    ).json().data;
    expect(shared.is_private).toBe(false);
    expect((await call(colleague, 'GET', `/api/images/${shared.id}/file?size=thumb`)).statusCode).toBe(200);
    expect((await call(colleague, 'GET', `/api/images/${shared.id}`)).json().data._actions).toEqual(['read']);
    expect((await call(colleague, 'PATCH', `/api/images/${shared.id}`, { alt: 'changed' })).statusCode).toBe(403);
    expect((await call(accountAdmin, 'PATCH', `/api/images/${shared.id}`, { alt: 'A shared card' })).statusCode).toBe(
      200,
    );
    expect((await call(stranger, 'GET', `/api/images/${shared.id}/file?size=thumb`)).statusCode).toBe(404);
    expect((await call(editor, 'GET', `/api/images/${shared.id}`)).statusCode).toBe(404);

    const library = await upload(
      editor,
      { data: await phoneJpeg(60, 40) },
      { alt: 'Library apple', is_private: 'false' },
    );
    expect(library.statusCode, library.body).toBe(201);
    const lib = library.json().data;
    expect(lib.account_id).toBeNull();
    for (const who of [therapist, stranger]) {
      expect((await call(who, 'GET', `/api/images/${lib.id}/file?size=medium`)).statusCode).toBe(200);
      expect((await call(who, 'PATCH', `/api/images/${lib.id}`, { alt: 'mine' })).statusCode).toBe(403);
    }
  });

  it('answers 404 for a deleted image file and 400 for an unknown size', async () => {
    const id = (await upload(therapist, { data: await phoneJpeg(60, 40) }, { alt: 'Soon gone' })).json().data.id;
    expect((await call(therapist, 'GET', `/api/images/${id}/file?size=huge`)).statusCode).toBe(400);
    expect((await call(therapist, 'DELETE', `/api/images/${id}`)).statusCode).toBe(200);
    expect((await call(therapist, 'GET', `/api/images/${id}/file?size=thumb`)).statusCode).toBe(404);
    expect((await call(therapist, 'POST', `/api/images/${id}/restore`)).statusCode).toBe(200);
    expect((await call(therapist, 'GET', `/api/images/${id}/file?size=thumb`)).statusCode).toBe(200);
  });
});

describe('folders', () => {
  it('files images in a folder that counts them; a folder of another account is no reference', async () => {
    const folder = await call(therapist, 'POST', '/api/image-folders', { name: 'Animals', is_private: false });
    expect(folder.statusCode, folder.body).toBe(201);
    const folderId = folder.json().data.id;
    const a = (
      await upload(
        therapist,
        { data: await phoneJpeg(60, 40) },
        { alt: 'Dog', name: 'Dog', folder_id: folderId, is_private: 'false' },
      )
    ).json().data;
    await upload(therapist, { data: await phoneJpeg(60, 40) }, { alt: 'Cat', name: 'Cat', folder_id: folderId });
    expect(a.folder).toEqual({ id: folderId, label: 'Animals' });
    expect((await call(therapist, 'GET', `/api/image-folders/${folderId}`)).json().data.images_count).toBe(2);
    const inFolder = await call(therapist, 'GET', `/api/images?folder_id=${folderId}&q=do`);
    expect(inFolder.json().data.map((r: { name: string }) => r.name)).toEqual(['Dog']);
    // Moving one out, deleting the other: the count follows.
    expect((await call(therapist, 'PATCH', `/api/images/${a.id}`, { folder_id: null })).statusCode).toBe(200);
    expect((await call(therapist, 'GET', `/api/image-folders/${folderId}`)).json().data.images_count).toBe(1);

    const theirs = (await call(stranger, 'POST', '/api/image-folders', { name: 'Theirs', is_private: false })).json()
      .data.id;
    const res = await upload(therapist, { data: await phoneJpeg(60, 40) }, { alt: 'x', folder_id: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.folder_id).toBeTruthy();
    expect((await call(therapist, 'GET', `/api/image-folders/${theirs}`)).statusCode).toBe(404);
  });
});

describe('the demo gallery', () => {
  it('gives the therapist the library’s pictures and their own, every size served, the private one to them alone', async () => {
    const demo = await buildTestApp();
    await seedDemo(demo.app.db, demo.clock.now());
    expect(await seedDemoImages(demo.app.db, demo.app.storage, demo.clock.now())).toBe(7);
    const as = async (who: string) => (await login(demo.app, who, DEMO_PASSWORD)).headers;
    const therapistHeaders = await as('therapist');
    const seen = (await demo.app.inject({ method: 'GET', url: '/api/images?max=50', headers: therapistHeaders })).json()
      .data as {
      id: string;
      name: string;
      is_private: boolean;
    }[];
    expect(seen.map((i) => i.name).sort()).toEqual([
      'Apple',
      'Art corner',
      'Banana',
      'Cat',
      'Classroom door',
      'Dog',
      'Rabbit',
    ]);
    for (const image of seen)
      for (const size of ['thumb', 'medium', 'original']) {
        const res = await demo.app.inject({
          method: 'GET',
          url: `/api/images/${image.id}/file?size=${size}`,
          headers: therapistHeaders,
        });
        expect(res.statusCode, `${image.name} ${size}`).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width).toBeGreaterThan(0);
      }
    const supervisorSees = (
      await demo.app.inject({ method: 'GET', url: '/api/images?max=50', headers: await as('supervisor') })
    ).json().data as { name: string }[];
    expect(supervisorSees.map((i) => i.name)).not.toContain('Art corner');
    expect(supervisorSees.map((i) => i.name)).toContain('Classroom door');
    const folders = (
      await demo.app.inject({ method: 'GET', url: '/api/image-folders?max=50', headers: therapistHeaders })
    ).json().data as { name: string; images_count: number }[];
    expect(folders.map((f) => [f.name, f.images_count])).toEqual([
      ['Animals', 3],
      ['Food', 2],
      ['Our classroom', 1],
    ]);
  });
});
