import { ACCOUNT_READERS } from './accounts';
import { jobsPolicy } from './jobs';
import { passes, seesAllAccounts, type Actor } from './policy';

/**
 * Who reads the platform dashboard (docs/product.md §6 "Dashboards"): platform staff who see every
 * account (SUPERADMIN, ADMIN, SUPPORT; docs/product.md §2) and administer accounts or their users.
 * The content team (EDITOR, VIEWER) sees shared content only, and an account's admin only their
 * account: both are refused (403), whatever permission they were given by hand. Its failed-jobs
 * figure follows the jobs policy: SUPPORT, who does not see the job queue, reads it as null.
 */
export const platformDashboardActions = {
  read: (a: Actor | null | undefined): boolean => !!a && seesAllAccounts(a) && passes(a, ACCOUNT_READERS),
  readJobs: (a: Actor | null | undefined): boolean => jobsPolicy.can(a, 'list'),
};

/**
 * Who reads their own account's dashboard (docs/product.md §6 "Dashboards"): a member of an account
 * who administers it or its users (the account admin, a parent of a family account). Platform staff
 * read the platform's instead; everyone else is refused (403).
 */
export const accountDashboardActions = {
  read: (a: Actor | null | undefined): boolean => !!a && a.account_id !== null && passes(a, ACCOUNT_READERS),
};
