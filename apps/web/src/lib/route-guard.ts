import { hasPermission, type PermissionHolder } from '@habla/shared/permissions';

export const DEFAULT_SIGNED_IN_REDIRECT = '/dashboards';
export const DEFAULT_SIGNED_OUT_REDIRECT = '/';

export type GuardDecision = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * Seed §2/§6 route guard: allowed when `hasPermission(user, permission)`; otherwise go to the
 * explicit `redirect`, else '/dashboards' when the stored user has a permissions list, else '/'.
 */
export function decideGuard(user: PermissionHolder, permission: string, redirect?: string): GuardDecision {
  if (hasPermission(user, permission)) return { allowed: true };
  if (redirect) return { allowed: false, redirectTo: redirect };
  const hasList = Array.isArray(user?.permissions);
  return { allowed: false, redirectTo: hasList ? DEFAULT_SIGNED_IN_REDIRECT : DEFAULT_SIGNED_OUT_REDIRECT };
}
