import { PERMISSIONS as P } from '../permissions';
import type { SingletonName } from '../resources/singletons';
import { passes, type Actor, type Rule } from './policy';

/** What is done to a singleton row: read it, or replace its settings. */
export type SingletonAction = 'read' | 'update';

export type SingletonPolicy = {
  resource: string;
  rules: Readonly<Record<SingletonAction, Rule>>;
  can(actor: Actor | null | undefined, action: SingletonAction): boolean;
};

export const defineSingletonPolicy = (resource: string, rules: Record<SingletonAction, Rule>): SingletonPolicy => ({
  resource,
  rules,
  can: (actor, action) => passes(actor, rules[action]),
});

/**
 * App Configuration: every signed-in user reads it (the player needs the points, the lists the page
 * size); only the platform owner changes it — PERMISSION_FULL, which SUPERADMIN holds by default
 * (docs/product.md §1: "platform owner … app configuration"). ADMIN and the rest see it read-only;
 * a superadmin who wants ADMIN to change it grants that role PERMISSION_FULL on Role Permissions.
 */
// Stryker disable ArrayDeclaration: an empty rule passes PERMISSION_FULL alone (FULL passes every check), which is this rule
export const appConfigurationPolicy = defineSingletonPolicy('app-configuration', {
  read: 'signedIn',
  update: [P.FULL],
});
// Stryker restore ArrayDeclaration

export const SINGLETON_POLICIES: Record<SingletonName, SingletonPolicy> = {
  'app-configuration': appConfigurationPolicy,
};
