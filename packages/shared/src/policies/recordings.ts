import { PERMISSIONS as P } from '../permissions';
import { caseloadScope, definePolicy, type Actor, type PolicyRow, type Scope } from './policy';

/** Who works with the MAA module's samples (recordings and assessments): the assessments permissions. */
export const MAA_READ = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS, P.READ_ASSESSMENTS] as const;
export const MAA_WRITE = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS] as const;
/** The MAA samples' rules: read with any assessments permission, create with admin or create, delete with admin or
 * edit. */
export const MAA_RULES = {
  list: [...MAA_READ],
  read: [...MAA_READ],
  export: [...MAA_READ],
  create: [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS],
  update: [...MAA_WRITE],
  delete: [P.ADMIN_ASSESSMENTS, P.EDIT_ASSESSMENTS],
  restore: [P.ADMIN_ASSESSMENTS, P.EDIT_ASSESSMENTS],
};
/** A student is never shown the MAA samples, their own included: they are the therapist's material. */
export const maaScope = (a: Actor): Scope => {
  const scope = caseloadScope(a);
  return scope.kind === 'self' ? { kind: 'none' } : scope;
};
const WRITE = MAA_WRITE;

/** A step of the pipeline failed and waits for someone to try it again. */
const failed = (row: PolicyRow) => typeof row.failure_reason === 'string' && row.failure_reason !== '';
/** The transcript is the therapist's to work on (READY or already being worked on). */
const workable = (row: PolicyRow) => row.session_status === 'READY' || row.session_status === 'WORK_IN_PROGRESS';

/**
 * Recorded sessions: a recording is seen by whoever may see its student (the account's
 * admin the account, a therapist their caseload; docs/product.md §2), with the assessments
 * permissions. A student, a parent without them, and the content team see none.
 * - `retry`: a failed step, run again;
 * - `complete`: the transcript is finished (it can then be analysed); a completed one is read-only.
 */
export const recordingsPolicy = definePolicy({
  resource: 'recordings',
  rules: MAA_RULES,
  scope: maaScope,
  row: (_a, action, row) => (action === 'update' ? row.session_status !== 'COMPLETED' : true),
  actions: {
    retry: { rule: [...WRITE], when: failed },
    complete: { rule: [...WRITE], when: workable },
  },
});
