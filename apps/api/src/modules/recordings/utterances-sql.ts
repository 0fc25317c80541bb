import type { Word } from '@habla/shared';
import type pg from 'pg';

/** One utterance as it is stored (the engine's, the editor's or an imported file's). */
export type StoredUtterance = {
  start_ms: number | null;
  end_ms: number | null;
  speaker: string;
  text: string;
  confidence?: number | null;
  words?: Word[];
  code?: string | null;
  tiers?: Record<string, string>;
  before?: string[];
};

/**
 * Replace a recording's utterances with these, numbered 1..n in order, in the caller's transaction.
 * Tiers are stored as [name, text] pairs in the file's order (a jsonb object would reorder its keys).
 */
export async function replaceUtterances(
  client: Pick<pg.PoolClient, 'query'>,
  recordingId: string,
  utterances: readonly StoredUtterance[],
): Promise<void> {
  await client.query('DELETE FROM utterances WHERE recording_id = $1', [recordingId]);
  if (!utterances.length) return;
  const rows = utterances.map((u, i) => ({
    position: i + 1,
    start_ms: u.start_ms,
    end_ms: u.end_ms,
    speaker: u.speaker,
    text: u.text,
    confidence: u.confidence ?? null,
    words: u.words ?? [],
    code: u.code ?? null,
    tiers: Object.entries(u.tiers ?? {}),
    before: u.before ?? [],
  }));
  await client.query(
    `INSERT INTO utterances (recording_id, position, start_ms, end_ms, speaker, text, confidence, words, code, tiers, before)
     SELECT $1, u.position, u.start_ms, u.end_ms, u.speaker, u.text, u.confidence, u.words, u.code, u.tiers, u.before
       FROM jsonb_to_recordset($2::jsonb) AS u(position int, start_ms int, end_ms int, speaker text, text text, confidence real, words jsonb, code text, tiers jsonb, before jsonb)`,
    [recordingId, JSON.stringify(rows)],
  );
}
