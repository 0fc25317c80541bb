import { z } from 'zod';
import { SPEAKERS } from '../resources/recordings';

/**
 * A recording's transcript as the editor saves it (`PUT /api/recordings/:id/utterances`), and the
 * limits of what a save takes. A CHAT or plain-text import (`POST /api/recordings/:id/transcript`)
 * is refused by the same numbers, naming the line of the file that passes one (decision 005,
 * "Text readers in linear time"): an import never stores what a later save would refuse.
 */
export const TRANSCRIPT_LIMITS = {
  /** Utterances in one transcript: an hour of talk is about 1,500. */
  utterances: 5000,
  /** Characters of one utterance's words (marks included). */
  text: 2000,
  /** Timed words of one utterance (what an engine sends). */
  words: 500,
  /** Characters of one timed word. */
  wordText: 200,
  /** Characters of one dependent tier (`%mor`, `%com`…). */
  tier: 5000,
  /** Header lines (comments, gems) kept before one utterance, and the characters of each. */
  before: 20,
  beforeLine: 2000,
  /** A time in the recording, in milliseconds: 24 hours (the column is a PostgreSQL integer). */
  timeMs: 24 * 3_600_000,
} as const;

/** A dependent tier's name as stored: lowercase letters, as CHAT writes `%mor`, `%gra`, `%com`. */
export const TIER_NAME = /^[a-z]{1,12}$/;
/** A CHAT speaker code as stored with an utterance. */
export const UTTERANCE_CODE = /^[A-Za-z0-9]{1,8}$/;

const ms = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.number' })
  .min(0, { error: 'validation.range' })
  .max(TRANSCRIPT_LIMITS.timeMs, { error: 'validation.range' });
const confidence = z
  .number({ error: 'validation.number' })
  .min(0, { error: 'validation.range' })
  .max(1, { error: 'validation.range' })
  .nullable();
const word = z.object({
  text: z.string({ error: 'validation.invalid' }).max(TRANSCRIPT_LIMITS.wordText, { error: 'validation.tooLong' }),
  start_ms: ms.nullable(),
  end_ms: ms.nullable(),
  confidence,
});

export const utteranceInput = z
  .object({
    start_ms: ms.nullable(),
    end_ms: ms.nullable(),
    speaker: z.enum(SPEAKERS, { error: 'validation.choice' }),
    text: z.string({ error: 'validation.invalid' }).max(TRANSCRIPT_LIMITS.text, { error: 'validation.tooLong' }),
    confidence: confidence.default(null),
    words: z
      .array(word, { error: 'validation.invalid' })
      .max(TRANSCRIPT_LIMITS.words, { error: 'validation.tooMany' })
      .default([]),
    /** From a CHAT import, sent back as read: the speaker's code, the dependent tiers and the header lines before it.
     * */
    code: z
      .string({ error: 'validation.invalid' })
      .regex(UTTERANCE_CODE, { error: 'validation.invalid' })
      .nullable()
      .default(null),
    tiers: z
      .record(
        z.string().regex(TIER_NAME, { error: 'validation.invalid' }),
        z.string().max(TRANSCRIPT_LIMITS.tier, { error: 'validation.tooLong' }),
        {
          error: 'validation.invalid',
        },
      )
      .default({}),
    before: z
      .array(z.string().max(TRANSCRIPT_LIMITS.beforeLine, { error: 'validation.tooLong' }), {
        error: 'validation.invalid',
      })
      .max(TRANSCRIPT_LIMITS.before, { error: 'validation.tooMany' })
      .default([]),
  })
  .strict()
  .refine((u) => u.start_ms === null || u.end_ms === null || u.end_ms >= u.start_ms, {
    error: 'validation.endBeforeStart',
    path: ['end_ms'],
  });

export const transcriptBody = z
  .object({
    version: z
      .number({ error: 'validation.number' })
      .int({ error: 'validation.number' })
      .min(0, { error: 'validation.range' }),
    utterances: z
      .array(utteranceInput, { error: 'validation.invalid' })
      .max(TRANSCRIPT_LIMITS.utterances, { error: 'validation.tooMany' }),
  })
  .strict();
export type TranscriptBody = z.input<typeof transcriptBody>;

/** A timed word as a transcript answers it (what an engine sent, or the editor saved). */
export const wordSchema = z.object({
  text: z.string(),
  start_ms: z.number().nullable(),
  end_ms: z.number().nullable(),
  confidence: z.number().nullable(),
});
export type Word = z.infer<typeof wordSchema>;

/** One utterance as `GET/PUT /api/recordings/:id/utterances` and the import answer it, in position order. */
export const utteranceSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  start_ms: z.number().nullable(),
  end_ms: z.number().nullable(),
  speaker: z.enum(SPEAKERS),
  text: z.string(),
  confidence: z.number().nullable(),
  words: z.array(wordSchema),
  /** From a CHAT import: the speaker's code, the dependent tiers by name (in the file's order) and the header lines
   * before it. */
  code: z.string().nullable(),
  tiers: z.record(z.string(), z.string()),
  before: z.array(z.string()),
});
export type Utterance = z.infer<typeof utteranceSchema>;

/** A transcript: its version (sent back to save), whether the caller may edit it now, and its utterances. */
export const transcriptSchema = z.object({
  version: z.number().int(),
  editable: z.boolean(),
  utterances: z.array(utteranceSchema),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** A recording's waveform once decoded: the largest amplitude of each 1/50 s, 0–255, base64. */
export const waveformSchema = z.object({
  peaks_per_second: z.number(),
  duration_ms: z.number().nullable(),
  peaks: z.string(),
});
export type Waveform = z.infer<typeof waveformSchema>;
