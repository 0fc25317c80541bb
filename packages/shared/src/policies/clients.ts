import { PERMISSIONS as P } from '../permissions';
import { caseloadScope, definePolicy, passes, type Actor } from './policy';

/** Who adds and edits students: their administrators and the therapists who treat them. */
const WRITERS = [P.ADMIN_CLIENTS, P.CREATE_CLIENTS, P.EDIT_CLIENTS] as const;

/**
 * Clients (students). Every signed-in user lists the students of their scope (a therapist their
 * caseload, a student themself); therapists add and edit them; removing one is for whoever
 * administers clients.
 */
export const clientsPolicy = definePolicy({
  resource: 'clients',
  rules: {
    list: 'signedIn',
    read: 'signedIn',
    export: 'signedIn',
    create: WRITERS,
    update: WRITERS,
    delete: [P.ADMIN_CLIENTS],
    restore: [P.ADMIN_CLIENTS],
  },
  scope: caseloadScope,
});

/** Actions on clients beyond the generic ones (custom routes). */
export const clientActions = {
  /** The full SSN (masked otherwise); every reveal is audited. */
  revealSsn: (a: Actor | null | undefined) => passes(a, [P.REVEAL_SSN]),
};
