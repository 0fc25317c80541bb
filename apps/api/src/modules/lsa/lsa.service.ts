import type { Analysis, AnalyzeBody } from '@habla/shared/schemas/lsa';
import { poolOf } from '../../db/client';
import type { ServiceContext } from '../../lib/context';
import { cpuOf } from '../../workers/pool';
import type { AnalysisInput, AnalysisOutput } from './analysis-task';
import { queryLexicon } from './lexicon';

export type SampleMeasures = Extract<AnalysisOutput, { kind: 'done' }>;

/**
 * The measures of one speaker of a sample (decision 019), counted in the CPU pool (decision 020).
 * English words without a `%mor` tier are read with the dictionary and verbs catalogs: the first run
 * names the words, the catalogs are read here for them in one round trip, and the second run counts
 * with their rows. A malformed line or an unknown speaker answers 400 naming the field.
 */
export async function measureSample(
  ctx: Pick<ServiceContext, 'db' | 'cpu'>,
  input: Omit<AnalysisInput, 'lexicon'>,
): Promise<SampleMeasures> {
  // One turn of the pool for both runs: the catalogs take milliseconds, and a second wait could end
  // in a refusal after the first run's work.
  return cpuOf(ctx).hold(async (run) => {
    const first = await run('analyze', input);
    if (first.kind === 'done') return first;
    const lexicon = await queryLexicon(poolOf(ctx.db), first.candidates);
    const second = await run('analyze', { ...input, lexicon });
    if (second.kind !== 'done') throw new Error('the analysis asked for the catalogs twice');
    return second;
  });
}

/** `POST /api/lsa/analyze`: nothing is stored. */
export async function analyzeSample(ctx: ServiceContext, input: AnalyzeBody): Promise<Analysis> {
  const { measures, details } = await measureSample(ctx, {
    format: input.format,
    text: input.text,
    language: input.language,
    speaker: input.speaker,
    field: 'text',
  });
  return input.details ? { ...measures, utterance_list: details } : measures;
}
