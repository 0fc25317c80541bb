import { z } from 'zod';
import { LANGUAGES } from '../enums';

/** The longest text one audio prompt speaks: a question or a sentence, not a story. */
export const SPEECH_TEXT_MAX = 300;

/**
 * `POST /api/speech`: speak a question's or a sentence's text as an audio prompt (for
 * children who cannot read yet), in English or Spanish, with the synthesizer that ships with the
 * server. The answer is the stored file, like an upload's.
 */
export const speechBody = z.object({
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(SPEECH_TEXT_MAX, { error: 'validation.tooLong' })
    .regex(/[\p{L}\p{N}]/u, { error: 'validation.nothingToSay' }),
  language: z.enum(LANGUAGES, { error: 'validation.choice' }),
});
export type SpeechBody = z.infer<typeof speechBody>;
