import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { newStorageKey, type Storage } from '../../lib/storage/index';
import { normalizeAudio, wavHeader } from '../../modules/recordings/audio';
import { Synthesizer } from '../../modules/speech/synthesizer';
import { poolOf, type Db } from '../client';

type Line = { speaker: 'STUDENT' | 'THERAPIST'; text: string; said?: string };
type DemoRecording = {
  title: string;
  student: string;
  by: string;
  status: 'READY' | 'WORK_IN_PROGRESS' | 'COMPLETED';
  lines: Line[];
};

/**
 * Demo recorded sessions (docs/product.md §8): language samples of Leo, the therapist's student, with
 * real audio spoken by the synthesizer the app ships, stored and normalised as an upload is, and a
 * transcript whose times are where each line is heard. `said` is what the transcript holds when it
 * differs from the audio (a child's error, a maze, unintelligible speech).
 */
const RECORDINGS: DemoRecording[] = [
  {
    title: 'Picture description · The park',
    student: 'student',
    by: 'therapist',
    status: 'READY',
    lines: [
      { speaker: 'THERAPIST', text: 'Tell me about the picture.' },
      { speaker: 'STUDENT', text: 'The dog is running in the park.' },
      { speaker: 'THERAPIST', text: 'What is the boy doing?' },
      { speaker: 'STUDENT', text: 'He throw the ball to the dog.' },
      { speaker: 'STUDENT', text: 'The dog catch it and he is happy.' },
    ],
  },
  {
    title: 'Story retell · The lost cat',
    student: 'student',
    by: 'therapist',
    status: 'COMPLETED',
    lines: [
      { speaker: 'THERAPIST', text: 'Can you tell me the story again?' },
      { speaker: 'STUDENT', text: 'The cat was lost in the garden.', said: 'the cat (uh) was lost in the garden .' },
      { speaker: 'STUDENT', text: 'The girl looked under the tree.', said: 'the girl look under the tree .' },
      { speaker: 'STUDENT', text: 'Then she found it.', said: 'then she found xxx .' },
    ],
  },
];

const PAUSE_SECONDS = 0.7;
const RATE = 22_050;

/** Load the demo recordings once (when the demo data is first loaded). Returns how many it stored. */
export async function seedDemoRecordings(db: Db, storage: Storage, now: Date): Promise<number> {
  const pool = poolOf(db);
  const synthesizer = new Synthesizer();
  const dir = await mkdtemp(join(tmpdir(), 'habla-demo-recordings-'));
  let stored = 0;
  try {
    for (const [n, rec] of RECORDINGS.entries()) {
      const people = await pool.query<{ username: string; id: string; account_id: string | null }>(
        'SELECT username, id, account_id FROM users WHERE username = ANY($1)',
        [[rec.student, rec.by]],
      );
      const student = people.rows.find((u) => u.username === rec.student);
      const by = people.rows.find((u) => u.username === rec.by);
      if (!student?.account_id || !by) continue;
      // Each line spoken, a pause between them: the times of the transcript are where each is heard.
      const pcm: Buffer[] = [];
      const times: { start: number; end: number }[] = [];
      let at = 0.4;
      pcm.push(Buffer.alloc(Math.round(at * RATE) * 2));
      for (const line of rec.lines) {
        const wav = await synthesizer.speak(line.text, 'en');
        const body = wav.subarray(44);
        const seconds = body.length / 2 / RATE;
        times.push({ start: at, end: at + seconds });
        pcm.push(body, Buffer.alloc(Math.round(PAUSE_SECONDS * RATE) * 2));
        at += seconds + PAUSE_SECONDS;
      }
      const data = Buffer.concat(pcm);
      const header = wavHeader(data.length, RATE);
      const source = Buffer.concat([header, data]);
      const out = join(dir, `${n}.wav`);
      const audio = await normalizeAudio(Readable.from([source]), 'wav', out);
      const sourceKey = newStorageKey(student.account_id);
      const audioKey = newStorageKey(student.account_id);
      await storage.putStream(sourceKey, Readable.from([source]), { contentType: 'audio/wav' });
      await storage.putStream(audioKey, Readable.from([await readFile(out)]), { contentType: 'audio/wav' });
      const version = rec.status === 'READY' ? 1 : 2;
      const inserted = await pool.query<{ id: string }>(
        `INSERT INTO recordings (title, student_id, account_id, language, session_status, engine, consent_by, consent_at, source_key, source_name, source_type, source_size,
                                 audio_key, duration_ms, peaks, progress, transcript_version, completed_at, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, 'en', $4, 'manual', $5, $6, $7, $8, 'audio/wav', $9, $10, $11, $12, 100, $13, $14, $6, $6, $5, $5) RETURNING id`,
        [
          rec.title,
          student.id,
          student.account_id,
          rec.status,
          by.id,
          now,
          sourceKey,
          `${rec.title}.wav`,
          source.length,
          audioKey,
          audio.durationMs,
          Buffer.from(audio.peaks),
          version,
          rec.status === 'COMPLETED' ? now : null,
        ],
      );
      const id = inserted.rows[0]!.id;
      const utterances = rec.lines.map((line, i) => ({
        position: i + 1,
        start_ms: Math.round(times[i]!.start * 1000),
        end_ms: Math.round(times[i]!.end * 1000),
        speaker: line.speaker,
        text: line.said ?? line.text,
      }));
      await pool.query(
        `INSERT INTO utterances (recording_id, position, start_ms, end_ms, speaker, text)
         SELECT $1, u.position, u.start_ms, u.end_ms, u.speaker, u.text FROM jsonb_to_recordset($2::jsonb) AS u(position int, start_ms int, end_ms int, speaker text, text text)`,
        [id, JSON.stringify(utterances)],
      );
      stored += 1;
    }
  } finally {
    await synthesizer.close();
    await rm(dir, { recursive: true, force: true });
  }
  return stored;
}
