import { AppError, fieldError } from '../../lib/errors';
import { TranscriptFormatError, type ReadOptions, type Transcript } from '../recordings/transcript-formats';
import {
  analyzeTranscript,
  defaultSpeaker,
  parseSample,
  SampleError,
  sampleWords,
  type Language,
  type Measures,
  type SampleFormat,
  type UtteranceDetail,
} from './analyze';
import { EMPTY_LEXICON, lexiconCandidates, lexiconOf, type LexiconRows } from './lexicon';

/**
 * The CPU-bound half of an analysis, run in the worker pool (decision 020): reading the sample,
 * listing the words the dictionary must be asked about, and counting. Plain data in and out; the
 * database half (the catalogs' rows) stays on the main thread (lsa.service.ts).
 */

export type SampleInput = {
  format: SampleFormat;
  text: string;
  language: Language;
  /** The request's name for the sample, named by a refusal: `text` (analysis, import) or `transcript` (assessment). */
  field: string;
  /** `saved`: refuse what a saved transcript cannot hold (an import), as the save would (decision 005). */
  limits?: ReadOptions['limits'];
};

/** Read a sample; a line the reader cannot take answers 400 naming it on the sample's field ("Line 12: …"). */
export function readSample(input: SampleInput): Transcript {
  try {
    return parseSample(input, { limits: input.limits });
  } catch (err) {
    if (err instanceof TranscriptFormatError)
      throw new AppError(400, 'VALIDATION', err.key, { ...err.params, line: err.line }, { [input.field]: err.key });
    throw err;
  }
}

export type AnalysisInput = SampleInput & {
  speaker?: string | undefined;
  /** The catalogs' rows for the words the first run asked about; absent on the first run. */
  lexicon?: LexiconRows;
};

export type AnalysisOutput =
  /** English words without %mor are read with the catalogs: run again with their rows for these words. */
  | { kind: 'lexicon'; candidates: string[] }
  | {
      kind: 'done';
      measures: Measures;
      details: UtteranceDetail[];
      /** every utterance of the sample, any speaker */ utterances: number;
    };

/** The measures of one speaker of a sample, or the words to read from the catalogs first. */
export function analysisTask(input: AnalysisInput): AnalysisOutput {
  const t = readSample(input);
  const speaker = input.speaker ?? defaultSpeaker(t);
  if (
    !input.lexicon &&
    input.language === 'en' &&
    t.utterances.some((u) => u.code === speaker && u.tiers.mor === undefined)
  ) {
    const candidates = lexiconCandidates(sampleWords(t, speaker, input.format));
    if (candidates.length) return { kind: 'lexicon', candidates };
  }
  try {
    const { measures, details } = analyzeTranscript(t, {
      language: input.language,
      format: input.format,
      speaker,
      lexicon: input.lexicon ? lexiconOf(input.lexicon) : EMPTY_LEXICON,
    });
    return { kind: 'done', measures, details, utterances: t.utterances.length };
  } catch (err) {
    if (err instanceof SampleError) throw fieldError(err.field, err.key, err.params);
    throw err;
  }
}

/** The indexes (in the sample) of one speaker's utterances: which ones may carry coded errors. */
export function speakerUtterancesTask(input: SampleInput & { speaker: string }): number[] {
  return readSample(input).utterances.flatMap((u, i) => (u.code === input.speaker ? [i] : []));
}

/** A transcript file read into utterances (the recordings' import). */
export function parseSampleTask(input: SampleInput): Transcript {
  return readSample(input);
}
