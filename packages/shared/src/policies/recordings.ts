import { PERMISSIONS as P } from '../permissions';
import { caseloadScope, definePolicy, type PolicyRow } from './policy';

const READ = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS, P.READ_ASSESSMENTS] as const;
const WRITE = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS] as const;

/** A step of the pipeline failed and waits for someone to try it again. */
const failed = (row: PolicyRow) => typeof row.failure_reason === 'string' && row.failure_reason !== '';
/** The transcript is the therapist's to work on (READY or already being worked on). */
const workable = (row: PolicyRow) => row.session_status === 'READY' || row.session_status === 'WORK_IN_PROGRESS';

/**
 * Recorded sessions (issue 13): a recording is seen by whoever may see its student (the account's
 * admin the account, a therapist their caseload; docs/product.md §2), with the assessments
 * permissions. A student, a parent without them, and the content team see none.
 * - `retry`: a failed step, run again;
 * - `complete`: the transcript is finished (it can then be analysed); a completed one is read-only.
 */
export const recordingsPolicy = definePolicy({
  resource: 'recordings',
  rules: {
    list: [...READ],
    read: [...READ],
    export: [...READ],
    create: [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS],
    update: [...WRITE],
    delete: [P.ADMIN_ASSESSMENTS, P.EDIT_ASSESSMENTS],
    restore: [P.ADMIN_ASSESSMENTS, P.EDIT_ASSESSMENTS],
  },
  scope: (a) => {
    const scope = caseloadScope(a);
    // A student is never shown recordings, their own included: the samples are the therapist's material.
    return scope.kind === 'self' ? { kind: 'none' } : scope;
  },
  row: (_a, action, row) => (action === 'update' ? row.session_status !== 'COMPLETED' : true),
  actions: {
    retry: { rule: [...WRITE], when: failed },
    complete: { rule: [...WRITE], when: workable },
  },
});
