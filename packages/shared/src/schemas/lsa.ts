import { z } from 'zod';
import { PARTS_OF_SPEECH } from '../resources/catalogs';

/**
 * Language-sample analysis (docs/product.md §9–10): `POST /api/lsa/analyze` and an assessment's
 * measures share these names, so that the server, the web and the tests agree on them.
 */

/** The dictionary's parts of speech, and `other` for a word that is none of them (a babbled form, a name the catalog
 * lacks). */
export const SAMPLE_PARTS_OF_SPEECH = [...PARTS_OF_SPEECH, 'other'] as const;
export type SamplePartOfSpeech = (typeof SAMPLE_PARTS_OF_SPEECH)[number];

/** The 12 tenses of the verb tenses catalog, in its order. */
export const VERB_TENSES = [
  'simple_present',
  'present_continuous',
  'present_perfect',
  'present_perfect_continuous',
  'simple_past',
  'past_continuous',
  'past_perfect',
  'past_perfect_continuous',
  'simple_future',
  'future_continuous',
  'future_perfect',
  'future_perfect_continuous',
] as const;
export type VerbTense = (typeof VERB_TENSES)[number];

/** The seed's formulation types. */
export const SENTENCE_TYPES = ['affirmative', 'negative', 'interrogative'] as const;
export type SentenceType = (typeof SENTENCE_TYPES)[number];

/** Brown's stages by MLU in morphemes. */
export const BROWN_STAGES = ['I', 'II', 'III', 'IV', 'V', 'V+'] as const;
export type BrownStage = (typeof BROWN_STAGES)[number];

export const SAMPLE_FORMATS = ['chat', 'text'] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];

/** The longest transcript the analysis takes, in characters (Brown's Eve, 1,588 utterances, is 318,000). */
export const SAMPLE_TEXT_MAX = 2_000_000;

/** A CHAT speaker code (CHI, MOT, INV…). */
export const speakerCode = z.string().regex(/^[A-Za-z0-9_]{1,7}$/, { error: 'validation.invalid' });

export const analyzeBody = z.object({
  language: z.enum(['en', 'es'], { error: 'validation.choice' }),
  format: z.enum(SAMPLE_FORMATS, { error: 'validation.choice' }),
  text: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(SAMPLE_TEXT_MAX, { error: 'validation.tooLong' }),
  speaker: speakerCode.optional(),
  /** Also answer each utterance of the speaker with its words and morphemes. */
  details: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type AnalyzeBody = z.infer<typeof analyzeBody>;

const counts = <K extends string>(keys: readonly [K, ...K[]]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

export const measuresSchema = z.object({
  speaker: z.string(),
  language: z.enum(['en', 'es']),
  utterances: z.object({ total: z.number().int(), excluded_unintelligible: z.number().int() }),
  mlu_w: z.object({ utterances: z.number().int(), words: z.number().int(), value: z.number() }),
  mlu_m: z.object({ utterances: z.number().int(), morphemes: z.number().int(), value: z.number() }),
  tnw: z.number().int(),
  ndw: z.number().int(),
  ttr: z.number(),
  /** Moving-average TTR over windows of 50 words (CLAN's `freq +b50`); null below 50 words. */
  mattr: z.number().nullable(),
  brown_stage: z.enum(BROWN_STAGES),
  sentence_types: counts(SENTENCE_TYPES),
  verb_tenses: counts(VERB_TENSES),
  parts_of_speech: counts(SAMPLE_PARTS_OF_SPEECH),
  /** Where MLU-m's morphemes come from: the transcript's %mor tier (as CLAN) or Habla's reading of the words. */
  morphemes_from: z.enum(['mor', 'words']),
});
export type Measures = z.infer<typeof measuresSchema>;

export const utteranceDetailSchema = z.object({
  /** Position among all the transcript's utterances (0-based). */
  index: z.number().int(),
  text: z.string(),
  /** The words that count, as CLAN's freq lists them. */
  words: z.array(z.string()),
  /** The morphemes MLU counts for it; null when MLU leaves it out. */
  morphemes: z.number().int().nullable(),
  excluded: z.enum(['unintelligible', 'postcode', 'no_words']).nullable(),
  sentence_type: z.enum(SENTENCE_TYPES).nullable(),
  verb_tenses: z.array(z.enum(VERB_TENSES)),
});
export type UtteranceDetail = z.infer<typeof utteranceDetailSchema>;

export const analysisSchema = measuresSchema.extend({ utterance_list: z.array(utteranceDetailSchema).optional() });
export type Analysis = z.infer<typeof analysisSchema>;
