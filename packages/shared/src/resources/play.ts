import { GAME_ASSIGN_STATUSES, GAME_SESSION_STATUSES, GAME_TYPES } from '../enums';
import type { ResourceDef } from './define';

/**
 * The MLA loop's records as lists (docs/product.md §9, decision 025): the games given to students
 * (assignments) and the sessions they played. Their rows are written by the loop's own verbs (assign,
 * unassign, start, try, finish, evaluate), never through the engine; the engine serves them read
 * only, from views (migration 0017): paging, sorting, filters, CSV export and saved column layouts
 * like every other list. A session's page is the evaluation (its tries), not a generic full view.
 */

/** Where a played session stands with its evaluation: none is due while it is being played. */
export const SESSION_EVALUATIONS = ['WAITING', 'EVALUATED'] as const;
export type SessionEvaluation = (typeof SESSION_EVALUATIONS)[number];

/** Whose game or session it is: listed, sorted by name and filtered on in both lists. */
const STUDENT = {
  name: 'student_id',
  kind: 'relation',
  required: true,
  target: 'clients',
  as: 'student',
  sortable: true,
  filterable: true,
  listed: true,
  readOnly: true,
} as const;
/** The game: the name of the copy the student was given, the game it was copied from, and its type. */
const GAME_NAME = { name: 'game_name', kind: 'text', required: true, readOnly: true, listed: true } as const;
const GAME = {
  name: 'game_id',
  kind: 'relation',
  required: true,
  target: 'games',
  as: 'game',
  filterable: true,
  readOnly: true,
} as const;
const GAME_TYPE = {
  name: 'type',
  kind: 'enum',
  required: true,
  options: GAME_TYPES,
  enumName: 'gameType',
  readOnly: true,
} as const;

export const PLAY_RESOURCES = {
  assignments: {
    name: 'assignments',
    controller: 'assignments',
    readOnly: true,
    titleField: 'game_name',
    searchable: ['game_name'],
    defaultSort: { col: 'created_at', order: 'desc' },
    fields: [
      STUDENT,
      GAME_NAME,
      GAME,
      GAME_TYPE,
      {
        name: 'assign_status',
        kind: 'enum',
        required: true,
        options: GAME_ASSIGN_STATUSES,
        enumName: 'assignStatus',
        filterable: true,
        listed: true,
        readOnly: true,
      },
      { name: 'attempts', kind: 'int', required: true, readOnly: true, listed: true },
      { name: 'max_attempts', kind: 'int', required: true, readOnly: true, listed: true },
      { name: 'activities_count', kind: 'int', required: true, readOnly: true },
      { name: 'start_time', kind: 'datetime', required: true, readOnly: true },
      { name: 'end_time', kind: 'datetime', required: true, sortable: true, readOnly: true, listed: true },
      { name: 'min_rate', kind: 'number', required: true, readOnly: true },
      { name: 'best_score', kind: 'number', readOnly: true, listed: true },
      { name: 'last_score', kind: 'number', readOnly: true },
      { name: 'last_played_at', kind: 'datetime', readOnly: true, listed: true },
      { name: 'account_id', kind: 'relation', required: true, target: 'accounts', as: 'account', readOnly: true },
    ],
  },
  'game-sessions': {
    name: 'game-sessions',
    controller: 'game-sessions',
    readOnly: true,
    titleField: 'game_name',
    searchable: ['game_name'],
    defaultSort: { col: 'started_at', order: 'desc' },
    fields: [
      STUDENT,
      GAME_NAME,
      {
        name: 'evaluation',
        kind: 'enum',
        options: SESSION_EVALUATIONS,
        enumName: 'sessionEvaluation',
        filterable: true,
        listed: true,
        readOnly: true,
      },
      GAME,
      {
        name: 'assignment_id',
        kind: 'relation',
        required: true,
        target: 'assignments',
        as: 'assignment',
        readOnly: true,
      },
      GAME_TYPE,
      { name: 'started_at', kind: 'datetime', required: true, sortable: true, readOnly: true, listed: true },
      { name: 'finished_at', kind: 'datetime', readOnly: true },
      {
        name: 'status',
        kind: 'enum',
        required: true,
        options: GAME_SESSION_STATUSES,
        enumName: 'gameSessionStatus',
        filterable: true,
        listed: true,
        readOnly: true,
      },
      { name: 'attempt', kind: 'int', required: true, readOnly: true },
      { name: 'points', kind: 'int', required: true, readOnly: true },
      { name: 'score', kind: 'number', readOnly: true, listed: true },
      { name: 'total_right', kind: 'int', required: true, readOnly: true },
      { name: 'total_wrong', kind: 'int', required: true, readOnly: true },
      { name: 'duration_ms', kind: 'number', required: true, readOnly: true },
      { name: 'evaluated_at', kind: 'datetime', readOnly: true },
      { name: 'account_id', kind: 'relation', required: true, target: 'accounts', as: 'account', readOnly: true },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type PlayResourceName = keyof typeof PLAY_RESOURCES;
export const PLAY_RESOURCE_NAMES = Object.keys(PLAY_RESOURCES) as PlayResourceName[];
