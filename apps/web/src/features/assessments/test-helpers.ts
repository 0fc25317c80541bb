import type { AssessmentMeasures, AssessmentUtterance, TrendPoint } from '@habla/shared/schemas/assessments';
import { VERB_TENSES, type Measures } from '@habla/shared/schemas/lsa';
import { served, stamp } from '@/test/render-app';

export const ACCOUNT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const LEO = '55555555-5555-4555-8555-555555555555';
export const REC = '66666666-6666-4666-8666-666666666666';
export const ASM = '88888888-8888-4888-8888-888888888888';
export const EARLIER = '99999999-9999-4999-8999-999999999999';

/** An assessment as the API serves it to the signed-in user (with the `_actions` its policy allows). */
export const assessment = (over: Record<string, unknown> = {}) =>
  served('assessments', {
    id: ASM,
    title: 'Picture description · November',
    student_id: LEO,
    student: { id: LEO, label: 'Leo Walker' },
    assessment_status: 'WORK_IN_PROGRESS',
    language: 'en',
    recording_id: REC,
    recording: { id: REC, label: 'The park' },
    speaker: 'CHI',
    sample_date: '2026-11-02',
    total_student_sentences: 3,
    total_sentences: 5,
    total_vocabulary: 9,
    mlu_m: 2.5,
    syntax_conclusions: 'MLU of 2.5 morphemes.',
    tense_conclusions: 'Verb tenses used: simple present.',
    function_conclusions: '9 different words among 11.',
    subject_info: 'Sample of 3 utterances of CHI.',
    recommendation: null,
    notes: null,
    summary: null,
    syntax_errors: 1,
    grammar_errors: 0,
    meaning_errors: 0,
    function_errors: 0,
    account_id: ACCOUNT,
    account: { id: ACCOUNT, label: 'Walker family' },
    ...stamp,
    ...over,
  });

const zero = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export const MEASURES: Measures = {
  speaker: 'CHI',
  language: 'en',
  utterances: { total: 4, excluded_unintelligible: 1 },
  mlu_w: { utterances: 3, words: 7, value: 2.333 },
  mlu_m: { utterances: 3, morphemes: 8, value: 2.667 },
  tnw: 11,
  ndw: 9,
  ttr: 0.818,
  mattr: null,
  brown_stage: 'II',
  sentence_types: { affirmative: 2, negative: 0, interrogative: 1 },
  verb_tenses: {
    ...zero(VERB_TENSES),
    simple_present: 2,
    simple_past: 1,
  },
  parts_of_speech: {
    noun: 4,
    verb: 3,
    adjective: 0,
    adverb: 0,
    pronoun: 1,
    preposition: 0,
    conjunction: 0,
    determiner: 2,
    interjection: 0,
    other: 1,
  },
  morphemes_from: 'words',
};

export const UTTERANCES: AssessmentUtterance[] = [
  {
    index: 1,
    text: 'the dog runs .',
    words: ['the', 'dog', 'runs'],
    morphemes: 4,
    excluded: null,
    sentence_type: 'affirmative',
    verb_tenses: ['simple_present'],
    errors: ['syntax'],
  },
  {
    index: 3,
    text: 'where ball ?',
    words: ['where', 'ball'],
    morphemes: 2,
    excluded: null,
    sentence_type: 'interrogative',
    verb_tenses: [],
    errors: [],
  },
  {
    index: 5,
    text: 'he jumped .',
    words: ['he', 'jumped'],
    morphemes: 3,
    excluded: null,
    sentence_type: 'affirmative',
    verb_tenses: ['simple_past'],
    errors: [],
  },
  {
    index: 6,
    text: 'xxx .',
    words: [],
    morphemes: null,
    excluded: 'unintelligible',
    sentence_type: null,
    verb_tenses: [],
    errors: [],
  },
];

export const measures = (over: Partial<AssessmentMeasures> = {}): AssessmentMeasures => ({
  ...MEASURES,
  utterance_list: UTTERANCES,
  errors_version: 4,
  editable: true,
  ...over,
});

export const trendPoint = (over: Partial<TrendPoint> = {}): TrendPoint => ({
  id: ASM,
  title: 'Picture description · November',
  sample_date: '2026-11-02',
  created_at: '2026-11-02T10:00:00.000Z',
  current: true,
  assessment_status: 'WORK_IN_PROGRESS',
  mlu_m: 2.667,
  mlu_w: 2.333,
  tnw: 11,
  ndw: 9,
  ttr: 0.818,
  mattr: null,
  total_student_sentences: 3,
  brown_stage: 'II',
  ...over,
});
