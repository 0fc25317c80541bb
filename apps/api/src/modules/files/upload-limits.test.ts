import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { waitForJobs } from '../../../test/jobs';
import { multipartBody, pngOfSize, UNKNOWN_BYTES, wavOfSize, type FormPart } from '../../../test/multipart';
import { FRAMING_ALLOWANCE } from './receive';

/**
 * The limits every multipart upload route (files, images, recordings) applies to a client on a real
 * listening server, spoken to through raw sockets as a hostile client would (decision 007):
 * - a client that stops sending is cut off after UPLOAD_IDLE_SECONDS, and one that trickles bytes
 *   (the probe sent 10 bytes every 5 s from 8 uploads and held every slot) after the grace period,
 *   with 408 naming the file, the partial object removed and the slot free for the next upload;
 * - a request declaring a body larger than the route takes gets its 413 before sending any of it.
 * Short limits here (1 s idle; 1 KiB/s after 2 s) stand for the defaults (30 s, 1 KiB/s after 10 s:
 * pace.test.ts times those).
 */
type Who = Awaited<ReturnType<typeof loginAs>>;
type Server = { t: TestApp; port: number; admin: Who; colleague: Who; other: Who; studentId: string };

/** The app listening on a free port of 127.0.0.1, with three account admins of one account and a student. */
async function listening(env: Record<string, string>): Promise<Server> {
  const t = await buildTestApp({ env: { UPLOAD_MAX_PER_USER: '1', UPLOAD_MAX_CONCURRENT: '2', ...env } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await loginAs(t.app, 'ACCOUNT_ADMIN');
  const accountId = admin.user.accountId;
  return {
    t,
    port: (t.app.server.address() as AddressInfo).port,
    admin,
    colleague: await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId }),
    other: await loginAs(t.app, 'ACCOUNT_ADMIN', { accountId }),
    studentId: (await loginAs(t.app, 'STUDENT', { accountId })).user.id,
  };
}

/** Idle after 1 s; no minimum rate (the idle limit alone is under test with this one). */
let s: Server;
beforeAll(async () => {
  s = await listening({ UPLOAD_IDLE_SECONDS: '1', UPLOAD_MIN_BYTES_PER_SECOND: '0' });
});

type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: { code?: string; errors?: string[]; fields?: Record<string, string> };
  ms: number;
  closed: boolean;
};

/**
 * A request written by hand on a socket: the head, then the body as `send` writes it. Resolves once
 * the server has answered and closed the connection, or has answered in full keeping it open
 * (`closed` false; the socket is then closed here), or after 20 s, with the time from the first
 * byte of the body to the answer.
 */
function rawUpload(
  server: Server,
  url: string,
  who: Who,
  form: { payload: Buffer; headers: Record<string, string> },
  send: (write: (b: Buffer) => void, stop: () => boolean) => void,
  extra: Record<string, string> = {},
) {
  const { port } = server;
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const head = Object.entries({
    host: `127.0.0.1:${port}`,
    'content-length': String(form.payload.length),
    ...form.headers,
    ...who.headers,
    ...extra,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const started = performance.now();
  let answeredAt = 0;
  const received: Buffer[] = [];
  socket.on('data', (b: Buffer) => {
    if (!received.length) answeredAt = performance.now();
    received.push(b);
  });
  const done = new Promise<RawAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 20 s: ${Buffer.concat(received).toString()}`));
    }, 20_000);
    const answer = (closed: boolean) => {
      const text = Buffer.concat(received).toString('utf8');
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const complete = text.includes('\r\n\r\n') && Buffer.byteLength(body) >= Number(headers['content-length']);
      return {
        complete,
        keptOpen: complete && headers.connection !== 'close',
        res: {
          status: Number(statusLine.split(' ')[1]),
          headers,
          body: body ? JSON.parse(body) : {},
          ms: answeredAt - started,
          closed,
        },
      };
    };
    socket.on('data', () => {
      const { keptOpen, res } = answer(false);
      if (!keptOpen) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(res);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer(true).res);
    });
  });
  socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\n`);
  send(
    (b) => void (socket.writable && socket.write(b)),
    () => socket.destroyed || received.length > 0,
  );
  return done;
}

/** Writes `size` bytes of the body, then nothing more (the client stalls). */
const stall = (body: Buffer, size: number) => (write: (b: Buffer) => void) => write(body.subarray(0, size));
/** Writes 10 bytes every `ms` until the server answers (the probe's slow client). */
const trickle = (body: Buffer, ms: number) => (write: (b: Buffer) => void, stop: () => boolean) => {
  let at = 0;
  const timer = setInterval(() => {
    if (stop() || at >= body.length) return clearInterval(timer);
    write(body.subarray(at, at + 10));
    at += 10;
  }, ms);
};

const partFiles = (t: TestApp = s.t) => {
  const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.part'))
    : [];
};
const storedFiles = (t: TestApp = s.t) => {
  const root = t.config.storage.driver === 'local' ? t.config.storage.root : '';
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).length
    : 0;
};

/** The forms of the three routes, and a quick upload of each through inject (to show the slot is free). */
const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 120, b: 200 } } })
  .jpeg()
  .toBuffer();
const ROUTES = {
  '/api/files': (_studentId: string) => [
    { name: 'file', filename: 'cat.png', type: 'image/png', data: pngOfSize(20_000) },
  ],
  '/api/images': (_studentId: string) => [
    { name: 'alt', data: 'A blue square' },
    { name: 'file', filename: 'blue.jpg', type: 'image/jpeg', data: Buffer.concat([photo, Buffer.alloc(20_000)]) },
  ],
  '/api/recordings': (studentId: string) => [
    ...Object.entries({ student_id: studentId, language: 'en', consent: 'true', title: 'Slow' }).map(
      ([name, data]) => ({ name, data }),
    ),
    { name: 'file', filename: 'session.wav', type: 'audio/wav', data: wavOfSize(20_000) },
  ],
} satisfies Record<string, (studentId: string) => FormPart[]>;
type Route = keyof typeof ROUTES;

async function quickUpload(server: Server, url: Route, who: Who): Promise<number> {
  const { t } = server;
  const parts: FormPart[] = ROUTES[url](server.studentId);
  if (url === '/api/images') parts[1] = { ...parts[1]!, data: photo };
  const body = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  // A recording is deleted at once. Its decoding job may already have started: it then stores the
  // decoded audio and removes it again, so the count of stored files settles only once the queue is done.
  if (url === '/api/recordings' && res.statusCode === 201) {
    await t.app.inject({ method: 'DELETE', url: `/api/recordings/${res.json().data.id}`, headers: who.headers });
    await waitForJobs(t.app);
  }
  return res.statusCode;
}

describe('a client that stops sending', () => {
  it.each(Object.keys(ROUTES) as Route[])(
    '%s: cut off after the idle limit with 408 naming the file; nothing kept, the slot free at once',
    async (url) => {
      const before = storedFiles();
      const form = multipartBody(ROUTES[url](s.studentId));
      // Stop inside the file, past the sniffed head: the object is being written.
      const answer = rawUpload(s, url, s.admin, form, stall(form.payload, form.payload.length - 5000));
      // Under way once its bytes are being written (a gallery upload waits in memory: no file to see).
      if (url === '/api/images') await new Promise((r) => setTimeout(r, 300));
      else await expect.poll(() => partFiles()).toHaveLength(1);
      // Meanwhile the user's one slot is taken.
      expect(await quickUpload(s, url, s.admin)).toBe(429);
      const res = await answer;
      expect(res.status).toBe(408);
      expect(res.body).toEqual({
        status: false,
        code: 'REQUEST_TIMEOUT',
        errors: ['File: the upload stopped: nothing arrived for 1 second(s). Please try again.'],
        fields: { file: 'File: the upload stopped: nothing arrived for 1 second(s). Please try again.' },
      });
      expect(res.headers.connection).toBe('close');
      expect(res.ms).toBeGreaterThan(900);
      // Answered once the idle limit is reached, not after waiting a second time for the rest of the file (a 408 is not
      // drained).
      expect(res.ms).toBeLessThan(1800);
      console.log(`${url}: a stalled upload was answered 408 after ${(res.ms / 1000).toFixed(2)} s`);
      expect(partFiles()).toEqual([]);
      expect(storedFiles()).toBe(before);
      expect(await quickUpload(s, url, s.admin)).toBe(201);
    },
  );
});

/**
 * Writes the first `head` bytes of the body, then the rest `piece` bytes every `ms`, stopping if the
 * server answers first. `early()`, asked once the answer is in, says whether part of the body was
 * still unwritten then: the server cannot have read bytes the client had not yet sent, so an answer
 * that arrives before the last piece came before the server read the whole body.
 */
function inPieces(body: Buffer, head: number, piece: number, ms: number) {
  let at = 0;
  const send = (write: (b: Buffer) => void, stop: () => boolean) => {
    write(body.subarray(0, head));
    at = head;
    const timer = setInterval(() => {
      if (stop() || at >= body.length) return clearInterval(timer);
      write(body.subarray(at, at + piece));
      at += piece;
    }, ms);
  };
  return { send, early: () => at < body.length };
}

describe('a file refused while the client is still sending', () => {
  const png = pngOfSize(400_000);
  const REFUSED = {
    // Refused from its head (the sniffed type): the rest of the part is read and dropped.
    'bytes of no accepted type': {
      filename: 'noise.png',
      data: Buffer.concat([UNKNOWN_BYTES, Buffer.alloc(394_000, 1)]),
    },
    // A PNG head as it should be, then a chunk whose type is not letters: refused by the metadata walk, once the store
    // has begun.
    'a picture broken past its head': {
      filename: 'broken.png',
      data: Buffer.concat([png.subarray(0, 37), Buffer.from('1234'), png.subarray(41)]),
    },
  };
  it.each(Object.keys(REFUSED) as (keyof typeof REFUSED)[])(
    '%s: 415 naming the file once the whole body is in; nothing kept',
    async (what) => {
      const before = storedFiles();
      const form = multipartBody([{ name: 'file', type: 'image/png', ...REFUSED[what] }]);
      // Past the sniffed head at once, then the rest (more than the parser buffers for a part nobody reads) in pieces
      // with pauses.
      const pieces = inPieces(form.payload, 6000, 40_000, 40);
      const res = await rawUpload(s, '/api/files', s.admin, form, pieces.send);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        status: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.stringMatching(/^File/) },
      });
      // The rest of the body was read before answering: the client sent it all and got its answer (not
      // a refusal while still sending, and a connection closed under its writes), and the connection
      // stays open for its next request.
      expect(pieces.early()).toBe(false);
      expect(res.headers.connection).toBe('keep-alive');
      expect(res.closed).toBe(false);
      expect(partFiles()).toEqual([]);
      expect(storedFiles()).toBe(before);
    },
  );
});

describe('a client that trickles bytes', () => {
  /** Idle after 10 s (so only the rate can cut a trickle off, however loaded the machine); 1 KiB/s after 2 s. */
  let slow: Server;
  beforeAll(async () => {
    slow = await listening({
      UPLOAD_IDLE_SECONDS: '10',
      UPLOAD_MIN_BYTES_PER_SECOND: '1024',
      UPLOAD_RATE_GRACE_SECONDS: '2',
    });
  });

  it('recordings: two trickling uploads hold both slots (others get 429) until the minimum rate cuts them off after the grace period; then uploads go through', async () => {
    const before = storedFiles(slow.t);
    const forms = [
      multipartBody(ROUTES['/api/recordings'](slow.studentId)),
      multipartBody(ROUTES['/api/recordings'](slow.studentId)),
    ];
    // 100 bytes a second each: never idle, far below 1 KiB a second.
    const answers = [
      rawUpload(slow, '/api/recordings', slow.admin, forms[0]!, trickle(forms[0]!.payload, 100)),
      rawUpload(slow, '/api/recordings', slow.colleague, forms[1]!, trickle(forms[1]!.payload, 100), {
        'accept-language': 'es',
      }),
    ];
    await new Promise((r) => setTimeout(r, 1000));
    expect(await quickUpload(slow, '/api/recordings', slow.other)).toBe(429);
    const [en, es] = await Promise.all(answers);
    for (const res of [en!, es!]) {
      expect(res.status).toBe(408);
      expect(res.body.code).toBe('REQUEST_TIMEOUT');
      expect(res.headers.connection).toBe('close');
      expect(res.ms).toBeGreaterThan(1900);
      expect(res.ms).toBeLessThan(5000);
    }
    expect(en!.body.fields).toEqual({
      file: 'File: the upload was too slow (less than 1 KB a second). Please try again on a better connection.',
    });
    expect(es!.body.fields).toEqual({
      file: 'Archivo: la subida era demasiado lenta (menos de 1 KB por segundo). Vuelva a intentarlo con una conexión mejor.',
    });
    console.log(
      `recordings: trickling uploads were answered 408 after ${(en!.ms / 1000).toFixed(2)} s and ${(es!.ms / 1000).toFixed(2)} s`,
    );
    expect(partFiles(slow.t)).toEqual([]);
    expect(storedFiles(slow.t)).toBe(before);
    expect(await quickUpload(slow, '/api/recordings', slow.other)).toBe(201);
    expect(await quickUpload(slow, '/api/recordings', slow.admin)).toBe(201);
  });

  it('a client sending steadily faster than the minimum is never cut off, however long its upload', async () => {
    const form = multipartBody([{ name: 'file', filename: 'cat.png', type: 'image/png', data: pngOfSize(16_000) }]);
    // 400 bytes every 100 ms: 4 KB/s, for about four seconds.
    const res = await rawUpload(
      slow,
      '/api/files',
      slow.other,
      form,
      (write, stop) => {
        let at = 0;
        const timer = setInterval(() => {
          if (stop() || at >= form.payload.length) return clearInterval(timer);
          write(form.payload.subarray(at, at + 400));
          at += 400;
        }, 100);
      },
      { connection: 'close' },
    );
    expect(res.status).toBe(201);
    expect(res.ms).toBeGreaterThan(3500);
  });
});

describe('a declared length past the limit', () => {
  it.each(Object.keys(ROUTES) as Route[])(
    '%s: 413 naming the file from the headers alone, before any of the body is sent',
    async (url) => {
      const form = multipartBody(ROUTES[url](s.studentId));
      const res = await rawUpload(s, url, s.admin, form, () => undefined, { 'content-length': String(2_000_000_000) });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        status: false,
        code: 'PAYLOAD_TOO_LARGE',
        fields: { file: expect.stringMatching(/^File is too large: at most \d+(\.\d)? MB\.$/) },
      });
      expect(res.headers.connection).toBe('close');
      // Nothing was sent but the head: the answer came at once, not after the idle limit.
      expect(res.ms).toBeLessThan(900);
    },
  );

  it('allows the form around the file: the limit plus the framing allowance is accepted, one byte more is not', async () => {
    const max = s.t.config.uploadMaxBytes;
    const form = multipartBody(ROUTES['/api/files'](s.studentId));
    const at = await rawUpload(s, '/api/files', s.admin, form, () => undefined, {
      'content-length': String(max + FRAMING_ALLOWANCE),
      'accept-language': 'es',
    });
    // Declared within bounds: the server waits for the body, and cuts the silent client off when idle.
    expect(at.status).toBe(408);
    const past = await rawUpload(s, '/api/files', s.admin, form, () => undefined, {
      'content-length': String(max + FRAMING_ALLOWANCE + 1),
      'accept-language': 'es',
    });
    expect(past.status).toBe(413);
    expect(past.body.fields).toEqual({ file: 'El archivo es demasiado grande: como máximo 25 MB.' });
  });
});
