import { PERMISSIONS as P } from '../permissions';
import { passes, type Actor } from './policy';

/**
 * Who reads the analytics (docs/product.md §3, decision 026): the analytics permissions. What a
 * reader sees is their students' scope (docs/product.md §2), as in every list: the content team,
 * with no students, reads empty figures; nobody's figures count a student outside their scope.
 */
export const ANALYTICS_READERS = [P.READ_ANALYTICS, P.ADMIN_ANALYTICS] as const;
export const analyticsActions = {
  read: (a: Actor | null | undefined) => passes(a, ANALYTICS_READERS),
};
