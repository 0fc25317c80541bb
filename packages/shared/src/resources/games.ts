import { z } from 'zod';
import { GAME_SHARE_STATUSES, GAME_STATUSES, GAME_TYPES } from '../enums';
import type { ResourceDef } from './define';

/** Seed §4 enumerations (enums.ts; docs/product.md §4). */
export type GameType = (typeof GAME_TYPES)[number];
export type GameStatus = (typeof GAME_STATUSES)[number];

/** A sentence practice's target has 2–15 words; a multiple choice 2–6 answers, one correct. */
export const SENTENCE_WORDS = { min: 2, max: 15 } as const;
export const CHOICE_OPTIONS = { min: 2, max: 6 } as const;
export const DISTRACTORS_MAX = 10;

/** A sentence's words as the player's tiles show them: split on spaces, the punctuation around each left off. */
export function sentenceWords(text: string): string[] {
  // The lookbehind tries trailing punctuation only where it starts: linear time (decision 005).
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

const pictureRef = z.string().trim().max(60, { error: 'validation.tooLong' });
const option = z.strictObject({
  text: z.string().trim().max(120, { error: 'validation.tooLong' }).nullish(),
  picture: pictureRef.nullish(),
  /** What a picture answer shows, for a screen reader (the vocabulary word); never shown as text. */
  alt: z.string().trim().max(120, { error: 'validation.tooLong' }).nullish(),
});

/**
 * An activity's answers (a JSON field): a sentence practice's `target` and `distractors`, or a
 * multiple choice's `options` and the index of the `correct` one. This shape is checked on every
 * write; which half applies, and its counts, depend on the game's type (checked by the API with the
 * game, `answersProblem`).
 */
export const activityAnswersSchema = z.strictObject({
  target: z.string().trim().max(400, { error: 'validation.tooLong' }).optional(),
  distractors: z
    .array(z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }))
    .max(DISTRACTORS_MAX, { error: 'validation.tooMany' })
    .optional(),
  options: z.array(option).max(CHOICE_OPTIONS.max, { error: 'validation.tooMany' }).optional(),
  correct: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.number' })
    .min(0, { error: 'validation.range' })
    .optional(),
});
export type ActivityAnswers = z.infer<typeof activityAnswersSchema>;

/**
 * What is wrong with `answers` for a game of `type`, as the field it concerns and a message key of
 * the shared locale files (`games.*`) with its values; null when they are right.
 */
export function answersProblem(
  type: GameType,
  answers: ActivityAnswers | null | undefined,
  question?: string | null,
): { field: string; key: string; params?: Record<string, number> } | null {
  const a = answers ?? {};
  if (type === 'sentence_practice') {
    if (a.options !== undefined || a.correct !== undefined) return { field: 'answers', key: 'games.sentenceShape' };
    const count = sentenceWords(a.target ?? '').length;
    if (count < SENTENCE_WORDS.min || count > SENTENCE_WORDS.max)
      return { field: 'answers.target', key: 'games.targetWords', params: { ...SENTENCE_WORDS, count } };
    return null;
  }
  if (a.target !== undefined || a.distractors !== undefined) return { field: 'answers', key: 'games.choiceShape' };
  if (!question?.trim()) return { field: 'question', key: 'games.questionRequired' };
  const options = a.options ?? [];
  if (options.length < CHOICE_OPTIONS.min || options.length > CHOICE_OPTIONS.max)
    return { field: 'answers.options', key: 'games.optionCount', params: CHOICE_OPTIONS };
  const empty = options.findIndex((o) => !o.text?.trim() && !o.picture?.trim());
  if (empty >= 0) return { field: `answers.options.${empty}`, key: 'games.optionEmpty', params: { number: empty + 1 } };
  if (a.correct === undefined || a.correct >= options.length)
    return { field: 'answers.correct', key: 'games.oneCorrect' };
  return null;
}

/**
 * Games and their activities (docs/product.md §4). A game belongs to an account (its
 * author's), or to the library (no account: written by the content team, read by everyone). Its
 * status, sharing and version change only through its declared actions; its activities are ordered
 * children (`parent`), editable while the game is a work in progress.
 */
export const GAME_RESOURCES = {
  games: {
    name: 'games',
    controller: 'games',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'updated_at', order: 'desc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      {
        name: 'type',
        kind: 'enum',
        required: true,
        options: GAME_TYPES,
        enumName: 'gameType',
        sortable: true,
        filterable: true,
        listed: true,
      },
      {
        name: 'chapter_id',
        kind: 'relation',
        target: 'chapters',
        as: 'chapter',
        sortable: true,
        filterable: true,
        listed: true,
      },
      { name: 'topic_id', kind: 'relation', target: 'topics', as: 'topic', filterable: true },
      { name: 'comment', kind: 'longtext' },
      { name: 'max_attempts', kind: 'int', min: 1, maxValue: 20 },
      {
        name: 'game_status',
        kind: 'enum',
        options: GAME_STATUSES,
        enumName: 'gameStatus',
        readOnly: true,
        sortable: true,
        filterable: true,
        listed: true,
      },
      { name: 'is_private', kind: 'bool', readOnly: true, filterable: true, listed: true },
      {
        name: 'share_status',
        kind: 'enum',
        options: GAME_SHARE_STATUSES,
        enumName: 'shareStatus',
        readOnly: true,
        filterable: true,
        listed: true,
      },
      { name: 'version', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'origin_id', kind: 'relation', target: 'games', as: 'origin', readOnly: true, filterable: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true },
      { name: 'activities_count', kind: 'int', readOnly: true, sortable: true, listed: true },
    ],
    actions: [
      { name: 'complete', single: true, bulk: true, confirm: true, icon: 'check' },
      { name: 'versions', single: true, bulk: false, confirm: true, icon: 'history' },
      { name: 'duplicate', single: true, bulk: false, confirm: true, icon: 'copy' },
      { name: 'share', single: true, bulk: false, confirm: true, icon: 'share' },
      { name: 'make-private', single: true, bulk: false, confirm: true, icon: 'unlink' },
      { name: 'collect', single: true, bulk: false, confirm: true, icon: 'copy' },
    ],
  },
  activities: {
    name: 'activities',
    controller: 'activities',
    titleField: 'question',
    searchable: ['question'],
    defaultSort: { col: 'position', order: 'asc' },
    parent: { resource: 'games', key: 'game_id', position: 'position' },
    fields: [
      {
        name: 'game_id',
        kind: 'relation',
        required: true,
        target: 'games',
        as: 'game',
        sortable: true,
        filterable: true,
        listed: true,
      },
      { name: 'position', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'question', kind: 'text', max: 300, sortable: true, listed: true },
      { name: 'picture', kind: 'text', max: 60 },
      { name: 'audio_id', kind: 'file', accept: ['audio/*'], maxBytes: 5 * 1024 * 1024, speakFrom: 'question' },
      { name: 'answers', kind: 'json', required: true, schema: activityAnswersSchema },
    ],
    actions: [{ name: 'duplicate', single: true, bulk: false, confirm: true, icon: 'copy' }],
  },
} as const satisfies Record<string, ResourceDef>;

export type GameResourceName = keyof typeof GAME_RESOURCES;
export const GAME_RESOURCE_NAMES = Object.keys(GAME_RESOURCES) as GameResourceName[];
