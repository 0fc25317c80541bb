/**
 * Where a person lands after signing in (docs/product.md §6 "Dashboards"): a student on their own
 * board, everyone else on `/dashboards`. Without imports: the static sign-in page's small script
 * (app/sign-in-shell-behaviour.ts) uses it too, and the role constants would bring the permission
 * tables with them.
 */
export function landingPath(user: { role?: string } | null | undefined): string {
  return user?.role === 'STUDENT' ? '/dashboards/student' : '/dashboards';
}
