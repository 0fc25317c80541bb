import { PERMISSIONS as P } from '../permissions';
import { definePolicy } from './policy';

/** Plans: every signed-in user reads the price list; only the platform owner (FULL) changes it. */
export const plansPolicy = definePolicy({
  resource: 'plans',
  // Stryker disable ArrayDeclaration: an empty rule passes PERMISSION_FULL alone (FULL passes every check), which is this rule
  rules: {
    list: 'signedIn',
    read: 'signedIn',
    export: 'signedIn',
    create: [P.FULL],
    update: [P.FULL],
    delete: [P.FULL],
    restore: [P.FULL],
  },
  // Stryker restore ArrayDeclaration
  scope: () => ({ kind: 'shared' }),
});
