import { CAPABILITIES, hasPermission, type Capability } from '@habla/shared/permissions';
import { policyOf } from '@habla/shared/policies/index';
import { useMatches } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import type { ResourceScreen } from '@/lib/resource-screens';

/** The resource screen of the current route (set as `handle.screen` by the router). */
export function useResourceScreen(): ResourceScreen {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const h = matches[i]?.handle as { screen?: ResourceScreen } | undefined;
    if (h?.screen) return h.screen;
  }
  throw new Error('No resource screen on this route');
}

/**
 * Seed §6 capability flags of a resource screen for the signed-in user, from the resource's policy
 * (the same functions the API's engine asks) and the screen's seed route gate: a flag is on when the
 * policy allows the action and the route that performs it lets the user in. Per row, the buttons
 * also need the row's `_actions` (see `rowAllows`).
 */
export function useCapabilities(screen: ResourceScreen): Record<Capability, boolean> {
  const user = useAuthStore((s) => s.user);
  return capabilitiesOf(screen, user);
}

/** The capability flags of `screen` for `user` (the hook's pure part, also used by tests). */
export function capabilitiesOf(
  screen: ResourceScreen,
  user: Parameters<typeof hasPermission>[0] & ({ id: string; role: string; account_id: string | null } | null),
): Record<Capability, boolean> {
  const policy = policyOf(screen.resource.name);
  // Seed §6 route gating: a screen's add, edit and show routes may need more than the API does.
  const gate = !screen.gate || hasPermission(user, screen.gate);
  return {
    [CAPABILITIES.CAN_LIST]: policy.can(user, 'list') && (gate || !screen.gateList),
    // A read-only list's row opens only on its feature's own page (a played session's evaluation).
    [CAPABILITIES.CAN_SHOW]: policy.can(user, 'read') && gate && (!screen.resource.readOnly || screen.ownShow === true),
    [CAPABILITIES.CAN_CREATE]: policy.can(user, 'create') && gate,
    [CAPABILITIES.CAN_EDIT]: policy.can(user, 'update') && gate,
    [CAPABILITIES.CAN_DELETE]: policy.can(user, 'delete') || policy.can(user, 'restore'),
    [CAPABILITIES.CAN_EXPORT]: policy.can(user, 'export'),
  } as Record<Capability, boolean>;
}
