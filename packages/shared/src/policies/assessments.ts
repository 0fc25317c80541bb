import { definePolicy, type PolicyRow } from './policy';
import { MAA_RULES, MAA_WRITE, maaScope } from './recordings';

const open = (row: PolicyRow) => row.assessment_status !== 'COMPLETED';

/**
 * Assessments: seen, like the recordings they come from, by whoever may see the student
 * (the account's admin the account, a therapist their caseload; docs/product.md §2) with the
 * assessments permissions; a student sees none. A completed assessment is read-only:
 * - `complete`: the therapist has finished it (NEW or WORK_IN_PROGRESS → COMPLETED);
 * - `reopen`: back to WORK_IN_PROGRESS to correct it (the audit log keeps who and when).
 */
export const assessmentsPolicy = definePolicy({
  resource: 'assessments',
  rules: MAA_RULES,
  scope: maaScope,
  row: (_a, action, row) => (action === 'update' ? open(row) : true),
  actions: {
    complete: { rule: [...MAA_WRITE], when: open },
    reopen: { rule: [...MAA_WRITE], when: (row) => row.assessment_status === 'COMPLETED' },
  },
});
