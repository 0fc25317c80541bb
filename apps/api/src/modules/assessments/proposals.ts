import { SAMPLE_PARTS_OF_SPEECH, translate, VERB_TENSES, type Language, type Measures } from '@habla/shared';

/**
 * The conclusions the program proposes from an assessment's measures (docs/product.md §5), in the
 * account's language: facts a therapist starts from and rewrites, never a diagnosis.
 */
export type Proposals = {
  syntax_conclusions: string;
  tense_conclusions: string;
  function_conclusions: string;
  subject_info: string;
};

/** A number as the report writes it: up to three decimals, the language's decimal mark. */
export function formatNumber(lang: Language, n: number, decimals = 3): string {
  // A formatter is costly to make (a year's progress report prints thousands of numbers): one per
  // language and number of decimals.
  const key = `${lang}:${decimals}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-US', {
      maximumFractionDigits: decimals,
      minimumFractionDigits: 0,
    });
    NUMBER_FORMATS.set(key, format);
  }
  return format.format(n);
}
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** "Simple present (12), simple past (3)": the non-zero counts of a record, largest first. */
function countsList(lang: Language, counts: Record<string, number>, keys: readonly string[], labels: string): string {
  return keys
    .filter((k) => (counts[k] ?? 0) > 0)
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0))
    .map((k) => `${translate(lang, `${labels}.${k}`).toLowerCase()} (${counts[k]})`)
    .join(', ');
}

export function proposeConclusions(lang: Language, m: Measures, speakerName: string): Proposals {
  const n = (x: number, d = 3) => formatNumber(lang, x, d);
  const tenses = countsList(lang, m.verb_tenses, VERB_TENSES, 'lsa.verbTenses');
  return {
    syntax_conclusions: translate(lang, 'assessments.proposals.syntax', {
      mlu_m: n(m.mlu_m.value),
      mlu_w: n(m.mlu_w.value),
      utterances: m.mlu_m.utterances,
      stage: m.brown_stage,
      ages: translate(lang, `lsa.stageAges.${m.brown_stage}`),
      questions: m.sentence_types.interrogative,
      negatives: m.sentence_types.negative,
    }),
    tense_conclusions: tenses
      ? translate(lang, 'assessments.proposals.tense', { tenses })
      : translate(lang, 'assessments.proposals.noTense'),
    function_conclusions: translate(lang, 'assessments.proposals.function', {
      ndw: m.ndw,
      tnw: m.tnw,
      ttr: n(m.ttr),
      mattr: m.mattr === null ? '' : translate(lang, 'assessments.proposals.mattr', { mattr: n(m.mattr) }),
      parts: countsList(lang, m.parts_of_speech, SAMPLE_PARTS_OF_SPEECH, 'lsa.partsOfSpeech'),
    }),
    subject_info: translate(lang, 'assessments.proposals.subject', {
      total: m.utterances.total,
      speaker: speakerName,
      excluded: m.utterances.excluded_unintelligible,
    }),
  };
}
