import { PERMISSIONS as P } from '../permissions';
import { definePolicy } from './policy';

/** Plans: every signed-in user reads the price list; only the platform owner (FULL) changes it. */
export const plansPolicy = definePolicy({
  resource: 'plans',
  rules: { list: 'signedIn', read: 'signedIn', export: 'signedIn', create: [P.FULL], update: [P.FULL], delete: [P.FULL], restore: [P.FULL] },
  scope: () => ({ kind: 'shared' }),
});
