import { PERMISSIONS as P } from '../permissions';
import { caseloadScope, definePolicy, type PolicyRow } from './policy';

const READ = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS, P.READ_ASSESSMENTS] as const;
const WRITE = [P.ADMIN_ASSESSMENTS, P.CREATE_ASSESSMENTS, P.EDIT_ASSESSMENTS] as const;

const open = (row: PolicyRow) => row.assessment_status !== 'COMPLETED';

/**
 * Assessments (issue 14): seen, like the recordings they come from, by whoever may see the student
 * (the account's admin the account, a therapist their caseload; docs/product.md §2) with the
 * assessments permissions; a student sees none. A completed assessment is read-only:
 * - `complete`: the therapist has finished it (NEW or WORK_IN_PROGRESS → COMPLETED);
 * - `reopen`: back to WORK_IN_PROGRESS to correct it (the audit log keeps who and when).
 */
export const assessmentsPolicy = definePolicy({
  resource: 'assessments',
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
    return scope.kind === 'self' ? { kind: 'none' } : scope;
  },
  row: (_a, action, row) => (action === 'update' ? open(row) : true),
  actions: {
    complete: { rule: [...WRITE], when: open },
    reopen: { rule: [...WRITE], when: (row) => row.assessment_status === 'COMPLETED' },
  },
});
