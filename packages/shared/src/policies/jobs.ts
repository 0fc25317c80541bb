import { PERMISSIONS as P } from '../permissions';
import { passes, type Actor } from './policy';

/**
 * The job queue is the platform's, shared by every account, and its jobs carry no account of their
 * own to scope by: only platform staff who run accounts (PERMISSION_ADMIN_ACCOUNTS, SUPERADMIN and
 * ADMIN by default) and belong to no account see and retry jobs. A member of an account given that
 * permission by hand still does not: the API answers 403 and the menu hides the entry.
 */
export const jobsPolicy = {
  resource: 'jobs',
  can(actor: Actor | null | undefined, _action: 'list' | 'retry'): boolean {
    return !!actor && actor.account_id === null && passes(actor, [P.ADMIN_ACCOUNTS]);
  },
} as const;
