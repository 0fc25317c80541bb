import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../src/db/client';
import { wavHeader } from '../src/modules/recordings/audio';
import { buildUser } from './factories';
import { startChildServer } from './child-server';

/**
 * A recording whose audio step is running when the server is killed with SIGKILL goes on after a
 * restart and ends READY: the step's job stays `active`, the new server's queue runs it
 * again once its attempt has expired, and the step, written to be run twice, ends where one run would
 * (one normalised audio file, the right duration).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-recordings-crash-'));
const adminUrl = inject('adminDatabaseUrl');
const dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
const dbUrl = adminUrl.replace(/\/[^/]+$/, `/${dbName}`);
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let database: Database | undefined;

async function startServer() {
  return startChildServer(children, {
    dbUrl,
    dataDir,
    env: {
      TRANSCRIPTION_ENGINE: 'manual',
      // An attempt may run 15 s (the step here takes a few); a dead server's is looked for every second.
      JOBS_EXPIRE_SECONDS: '15',
      JOBS_MAINTENANCE_SECONDS: '1',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
    },
  });
}

/** `seconds` of 48 kHz stereo WAV: a 300 Hz tone, so the decoder, filter and resampler all work. */
function stereoWav(seconds: number): Buffer {
  const rate = 48_000;
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const s = Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / rate));
    data.writeInt16LE(s, i * 4);
    data.writeInt16LE(s, i * 4 + 2);
  }
  const h = wavHeader(data.length, rate, 2);
  return Buffer.concat([h, data]);
}

const db = new pg.Client({ connectionString: dbUrl });
async function recording(id: string): Promise<{
  session_status: string;
  progress: number;
  duration_ms: number | null;
  audio_key: string | null;
  failure_reason: string | null;
}> {
  return (
    await db.query(
      'SELECT session_status, progress, duration_ms, audio_key, failure_reason FROM recordings WHERE id = $1',
      [id],
    )
  ).rows[0];
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await db.end().catch(() => undefined);
  await database?.close();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('recordings and kill -9', () => {
  it(
    'a recording whose audio step is killed mid-way is decoded after a restart and ends READY',
    { timeout: 300_000 },
    async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDatabase')}`);
      await admin.end();
      database = connect(dbUrl, 2);
      const therapist = await buildUser(database.db, { role: 'ACCOUNT_ADMIN' });
      const student = await buildUser(database.db, { role: 'STUDENT', accountId: therapist.accountId });
      const first = await startServer();
      await db.connect();

      const signIn = await fetch(`${first.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: therapist.username, password: therapist.password }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const form = new FormData();
      form.set('student_id', student.id);
      form.set('language', 'en');
      form.set('consent', 'true');
      form.set('title', 'Long session');
      form.set('file', new Blob([new Uint8Array(stereoWav(300))], { type: 'audio/wav' }), 'long.wav');
      const res = await fetch(`${first.base}/api/recordings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { data: { id: string } }).data.id;

      // Kill the server while the audio step runs.
      const deadline = Date.now() + 60_000;
      while ((await recording(id)).session_status !== 'PENDING_AUDIO') {
        if (Date.now() > deadline)
          throw new Error(`never decoding: ${JSON.stringify(await recording(id))}\n${first.output()}`);
        await sleep(20);
      }
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const killed = await recording(id);
      expect(killed.session_status).toBe('PENDING_AUDIO');
      expect(killed.audio_key).toBeNull();

      const restartedAt = Date.now();
      const second = await startServer();
      const until = Date.now() + 120_000;
      let now = await recording(id);
      while (now.session_status !== 'READY') {
        if (now.failure_reason || Date.now() > until)
          throw new Error(`recording is ${JSON.stringify(now)}\n${second.output()}`);
        await sleep(200);
        now = await recording(id);
      }
      expect(now.duration_ms).toBe(300_000);
      // One normalised file (16 kHz mono, 16-bit: 32,000 bytes a second) besides the upload; nothing half-written kept.
      const files = (
        fs.readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }) as fs.Dirent[]
      ).filter((d) => d.isFile() && !d.name.endsWith('.part'));
      const sizes = files.map((f) => fs.statSync(path.join(f.parentPath, f.name)).size).sort((a, b) => a - b);
      expect(sizes).toEqual([44 + 300 * 32_000, 44 + 300 * 48_000 * 4]);
      console.log(
        `recordings-crash: the killed audio step finished ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart began`,
      );
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    },
  );
});
