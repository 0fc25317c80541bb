import type { ActivityAnswers } from '@habla/shared/resources/games';
import { sentenceTiles, shuffleTiles, type ShownActivity } from '@/components/activity/model';

/** The two game types (seed §3, docs/product.md §4). */
export type GameType = 'sentence_practice' | 'multiple_choice_answers';

/** A sentence practice's answer key: the target sentence and the extra tiles. */
export type SentenceAnswers = { target: string; distractors?: string[] };
/** A multiple choice's answers: 2–6 options (a text, a picture or both), the index of the right one. */
export type ChoiceAnswers = {
  options: { text?: string | null; picture?: string | null; alt?: string | null }[];
  correct: number;
};

/** An activity as the builder edits it (the fields of `/api/activities`). */
export type ActivityDraft = {
  question: string;
  picture: string | null;
  audio_id: string | null;
  answers: SentenceAnswers | ChoiceAnswers;
};

export const SENTENCE_WORDS = { min: 2, max: 15 } as const;
export const CHOICE_OPTIONS = { min: 2, max: 6 } as const;

export const isChoice = (a: SentenceAnswers | ChoiceAnswers): a is ChoiceAnswers => 'options' in a;

/** Stored answers (the shared contract, every key optional) as the builder edits them: options make a multiple choice.
 * */
export const draftAnswers = (a: ActivityAnswers): SentenceAnswers | ChoiceAnswers =>
  a.options !== undefined
    ? { options: a.options, correct: a.correct ?? 0 }
    : { target: a.target ?? '', ...(a.distractors ? { distractors: a.distractors } : {}) };

/** A new activity of the game's type. */
export function emptyDraft(type: GameType): ActivityDraft {
  return {
    question: '',
    picture: null,
    audio_id: null,
    answers:
      type === 'sentence_practice'
        ? { target: '', distractors: [] }
        : { options: [{ text: '' }, { text: '' }], correct: 0 },
  };
}

/** Problems of a draft by field, as translation keys with their values; empty when it can be saved. */
export type DraftProblems = Partial<
  Record<
    'answers.target' | 'answers.options' | 'question' | `answers.options.${number}`,
    { key: string; values?: Record<string, unknown> }
  >
>;

export function draftProblems(type: GameType, d: ActivityDraft): DraftProblems {
  const out: DraftProblems = {};
  if (type === 'sentence_practice' && !isChoice(d.answers)) {
    const n = sentenceTiles(d.answers.target).length;
    if (n < SENTENCE_WORDS.min || n > SENTENCE_WORDS.max)
      out['answers.target'] = { key: 'builder.problems.targetWords', values: { ...SENTENCE_WORDS, count: n } };
  }
  if (type === 'multiple_choice_answers' && isChoice(d.answers)) {
    if (!d.question.trim()) out.question = { key: 'builder.problems.questionRequired' };
    const options = d.answers.options;
    if (options.length < CHOICE_OPTIONS.min || options.length > CHOICE_OPTIONS.max)
      out['answers.options'] = { key: 'builder.problems.optionCount', values: CHOICE_OPTIONS };
    options.forEach((o, i) => {
      if (!o.text?.trim() && !o.picture)
        out[`answers.options.${i}`] = { key: 'builder.problems.optionEmpty', values: { number: i + 1 } };
    });
    if (!(d.answers.correct >= 0 && d.answers.correct < options.length))
      out['answers.options'] = { key: 'builder.problems.oneCorrect' };
  }
  return out;
}

/** The draft as the player will show it: never the answer key (the tiles shuffled, no "correct"). */
export function shownActivity(type: GameType, d: ActivityDraft, seed: string): ShownActivity {
  if (type === 'sentence_practice' && !isChoice(d.answers))
    return {
      kind: 'sentence',
      prompt: d.question || null,
      picture: d.picture,
      audio: d.audio_id,
      tiles: shuffleTiles(d.answers.target, d.answers.distractors ?? [], seed),
    };
  const answers = isChoice(d.answers) ? d.answers.options : [];
  return {
    kind: 'choice',
    question: d.question,
    picture: d.picture,
    audio: d.audio_id,
    answers: answers.map((o) => ({ text: o.text || null, picture: o.picture || null, alt: o.alt || null })),
  };
}

/** One line that names an activity in the list: its target sentence or its question. */
export function activitySummary(d: Pick<ActivityDraft, 'question' | 'answers'>): string {
  return !isChoice(d.answers) && d.answers.target ? d.answers.target : d.question;
}
