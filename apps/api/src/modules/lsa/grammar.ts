/**
 * Parts of speech, verb tenses and sentence types of an utterance (docs/product.md §10), from its
 * `%mor` tier when the transcript has one, else from its words: English through the dictionary and
 * verbs catalogs (lexicon.ts), Spanish through its closed classes and verb endings. These are a
 * clinician's overview, not CLAN figures: a tagger's `%mor` is as good as the tagger, and the
 * derivation from words is a heuristic that reports what it cannot tell as `other`.
 */

import type { VerbTense } from '@habla/shared/schemas/lsa';

export {
  SAMPLE_PARTS_OF_SPEECH as PARTS_OF_SPEECH,
  SENTENCE_TYPES,
  VERB_TENSES,
  type SamplePartOfSpeech as PartOfSpeech,
  type SentenceType,
  type VerbTense,
} from '@habla/shared/schemas/lsa';

/** What the tense finder needs to know of a verb form. */
export type VerbForm =
  | { kind: 'be'; time: 'present' | 'past' | 'future' | 'base' }
  | { kind: 'have'; time: 'present' | 'past' | 'future' | 'base' }
  | { kind: 'will' }
  /** going (to), gonna; Spanish ir: `alone` is its tense without a verb after it. */
  | { kind: 'going'; alone?: VerbTense }
  | { kind: 'do'; time: 'present' | 'past' }
  | { kind: 'modal' }
  | { kind: 'verb'; form: 'base' | 'present' | 'past' | 'future' | 'participle' | 'gerund' | 'infinitive' }
  | { kind: 'to' };

const PERFECT = { present: 'present_perfect', past: 'past_perfect', future: 'future_perfect' } as const;
const PERFECT_CONTINUOUS = {
  present: 'present_perfect_continuous',
  past: 'past_perfect_continuous',
  future: 'future_perfect_continuous',
} as const;
const CONTINUOUS = { present: 'present_continuous', past: 'past_continuous', future: 'future_continuous' } as const;
const SIMPLE = { present: 'simple_present', past: 'simple_past', future: 'simple_future' } as const;

type Time = 'present' | 'past' | 'future';

/**
 * The tenses in an utterance's verb forms, in order: auxiliaries combine with what follows them
 * (will + have + been + -ing → future perfect continuous; has + gone → present perfect); a lone
 * finite verb is a simple tense; a lone -ing form (an auxiliary left out, frequent in young
 * children) counts as present continuous. Forms the finder cannot place are skipped.
 */
export function tensesOf(forms: VerbForm[]): VerbTense[] {
  const out: VerbTense[] = [];
  const isGerund = (f: VerbForm | undefined) => f?.kind === 'verb' && f.form === 'gerund';
  const isParticiple = (f: VerbForm | undefined) =>
    f?.kind === 'verb' && (f.form === 'participle' || f.form === 'past');
  /** have (+ been (+ -ing)) + participle at i, in `time`; returns the index of the last form used. */
  const perfect = (i: number, time: Time): number => {
    const g = forms[i + 1];
    if (g?.kind === 'be') {
      if (isGerund(forms[i + 2])) {
        out.push(PERFECT_CONTINUOUS[time]);
        return i + 2;
      }
      out.push(PERFECT[time]);
      return i + 1;
    }
    if (isParticiple(g)) {
      out.push(PERFECT[time]);
      return i + 1;
    }
    if (time !== 'future') out.push(SIMPLE[time]);
    else out.push('future_perfect');
    return i;
  };
  /** be + -ing at i in `time`, or be alone (a copula: a simple tense). */
  const continuous = (i: number, time: Time): number => {
    if (isGerund(forms[i + 1])) {
      out.push(CONTINUOUS[time]);
      return i + 1;
    }
    if (forms[i + 1]?.kind === 'going') return i;
    out.push(SIMPLE[time]);
    return i;
  };
  for (let i = 0; i < forms.length; i++) {
    const f = forms[i]!;
    switch (f.kind) {
      case 'will': {
        const g = forms[i + 1];
        if (g?.kind === 'have') i = perfect(i + 1, 'future');
        else if (g?.kind === 'be') i = continuous(i + 1, 'future');
        else {
          out.push('simple_future');
          if (g?.kind === 'verb') i++;
        }
        break;
      }
      case 'going': {
        const g = forms[i + 1];
        if (g?.kind === 'to' && forms[i + 2]?.kind !== undefined && forms[i + 2]?.kind !== 'to') {
          out.push('simple_future');
          i += 2;
        } else if (g?.kind === 'verb' && (g.form === 'base' || g.form === 'infinitive')) {
          out.push('simple_future');
          i++;
        } else out.push(f.alone ?? 'present_continuous');
        break;
      }
      case 'have':
        if (f.time !== 'base') i = perfect(i, f.time);
        break;
      case 'be':
        if (f.time !== 'base') i = continuous(i, f.time);
        break;
      case 'do':
        out.push(f.time === 'past' ? 'simple_past' : 'simple_present');
        if (forms[i + 1]?.kind === 'verb') i++;
        break;
      case 'modal':
      case 'to':
        if (['verb', 'be', 'have'].includes(forms[i + 1]?.kind ?? '')) i++;
        break;
      case 'verb':
        if (f.form === 'past' || f.form === 'participle') out.push('simple_past');
        else if (f.form === 'future') out.push('simple_future');
        else if (f.form === 'gerund') out.push('present_continuous');
        else if (f.form !== 'infinitive') out.push('simple_present');
        break;
    }
  }
  return out;
}
