import { PERMISSIONS as P } from '../permissions';
import { GAME_READERS } from './games';
import { caseloadScope, definePolicy } from './policy';

/** Nobody writes these lists: their rows are the MLA loop's own (assign, play, evaluate; decision 025). */
const NOBODY = [] as const;
const readOnly = (rule: readonly (typeof P)[keyof typeof P][]) => ({
  list: [...rule],
  read: [...rule],
  export: [...rule],
  create: NOBODY,
  update: NOBODY,
  delete: NOBODY,
  restore: NOBODY,
});

/**
 * The games given to students: whoever reads games sees the assignments of the students they see
 * (an account's admin the account, a therapist their caseload; docs/product.md §2). Assigning and
 * unassigning are the loop's own routes (`playActions.assign`).
 */
export const assignmentsPolicy = definePolicy({
  resource: 'assignments',
  rules: readOnly(GAME_READERS),
  scope: caseloadScope,
});

/** The sessions students played: whoever evaluates games (`playActions.evaluate`), for the students they see. */
export const gameSessionsPolicy = definePolicy({
  resource: 'game-sessions',
  rules: readOnly([P.ADMIN_GAMES, P.EVALUATE_GAMES]),
  scope: caseloadScope,
});
