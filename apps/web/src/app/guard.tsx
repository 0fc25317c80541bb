import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { decideGuard } from '@/lib/route-guard';

type GuardProps = {
  /** One permission, or several joined by '|' (any of them). */
  permission: string;
  /** Where to send a user who may not open the route (default: '/dashboards' or '/'). */
  redirect?: string;
  children?: ReactNode;
};

/** Renders its children (or the child route) when allowed; otherwise redirects, replacing the entry. */
export function Guard({ permission, redirect, children }: GuardProps) {
  const user = useAuthStore((s) => s.user);
  const decision = decideGuard(user, permission, redirect);
  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** The Main layout's gate: no stored token → '/', replacing the entry. */
export function RequireSignedIn({ children }: { children?: ReactNode }) {
  const token = useAuthStore((s) => s.token);
  if (!token) return <Navigate to="/" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Public sign-in screens: a signed-in user goes straight to the dashboard. */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const token = useAuthStore((s) => s.token);
  if (token) return <Navigate to="/dashboards" replace />;
  return <>{children ?? <Outlet />}</>;
}
