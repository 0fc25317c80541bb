import { CAPABILITIES, hasPermission, type Capability } from '@habla/shared/permissions';
import { exportPermissionOf } from '@habla/shared/resources/define';
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
 * Seed §6 capability flags of a resource screen for the signed-in user. Listing and showing need
 * only a session; creating, editing and deleting need the resource's write permission; exporting
 * its export permission when it declares one (reference catalogs: their maintainers). The server
 * refuses the same calls anyway: these only hide what the user may not do.
 */
export function useCapabilities(screen: ResourceScreen): Record<Capability, boolean> {
  const user = useAuthStore((s) => s.user);
  const write = hasPermission(user, screen.resource.writePermission);
  // Seed §6 route gating: a screen's add, edit and show routes may need more than the API does.
  const gate = !screen.gate || hasPermission(user, screen.gate);
  const exporting = exportPermissionOf(screen.resource);
  return {
    [CAPABILITIES.CAN_LIST]: Boolean(user) && (gate || !screen.gateList),
    [CAPABILITIES.CAN_SHOW]: Boolean(user) && gate,
    [CAPABILITIES.CAN_CREATE]: write && gate,
    [CAPABILITIES.CAN_EDIT]: write && gate,
    [CAPABILITIES.CAN_DELETE]: hasPermission(user, screen.resource.deletePermission ?? screen.resource.writePermission),
    [CAPABILITIES.CAN_EXPORT]: Boolean(user) && (!exporting || hasPermission(user, exporting)),
  } as Record<Capability, boolean>;
}
