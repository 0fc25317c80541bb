import type { Analysis, AnalyzeBody } from '@habla/shared/schemas/lsa';
import { poolOf, type Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { TranscriptFormatError, type Transcript } from '../recordings/transcript-formats';
import { analyzeTranscript, defaultSpeaker, parseSample, SampleError, sampleWords, type SampleFormat } from './analyze';
import { EMPTY_LEXICON, loadLexicon } from './lexicon';

/** Read a sample; a line the reader cannot take answers 400 naming it on `field` ("Line 12: …"). */
export function readSample(input: Pick<AnalyzeBody, 'format' | 'text' | 'language'>, field = 'text'): Transcript {
  try {
    return parseSample(input);
  } catch (err) {
    if (err instanceof TranscriptFormatError) throw new AppError(400, 'VALIDATION', err.key, { ...err.params, line: err.line }, { [field]: err.key });
    throw err;
  }
}

/**
 * The measures of one speaker of a parsed sample. English words without a `%mor` tier are read
 * with the dictionary and verbs catalogs, fetched for this sample's words in one round trip.
 */
export async function measureTranscript(db: Db, t: Transcript, options: { language: 'en' | 'es'; format: SampleFormat; speaker?: string | undefined }) {
  const speaker = options.speaker ?? defaultSpeaker(t);
  const needsLexicon = options.language === 'en' && t.utterances.some((u) => u.code === speaker && u.tiers.mor === undefined);
  const lexicon = needsLexicon ? await loadLexicon(poolOf(db), sampleWords(t, speaker, options.format)) : EMPTY_LEXICON;
  try {
    return analyzeTranscript(t, { ...options, speaker, lexicon });
  } catch (err) {
    if (err instanceof SampleError) throw fieldError(err.field, err.key, err.params);
    throw err;
  }
}

/** `POST /api/lsa/analyze`: nothing is stored. */
export async function analyzeSample(db: Db, input: AnalyzeBody): Promise<Analysis> {
  const t = readSample(input);
  const { measures, details } = await measureTranscript(db, t, input);
  return input.details ? { ...measures, utterance_list: details } : measures;
}
