import { workspacesPolicy } from '@habla/shared/policies/workspaces';
import type { Actor } from '@habla/shared/policies/policy';

/**
 * Those who work with students: whoever the workspaces policy gives more than their own rows (adults
 * of an account, the platform staff who run accounts); a student has nobody to choose. The header's
 * student selector (and the dashboard's first frame) show only to them.
 */
export const worksWithStudents = (user: Actor | null): boolean => {
  const kind = user ? workspacesPolicy.scope(user).kind : 'none';
  return kind === 'all' || kind === 'account' || kind === 'caseload';
};
