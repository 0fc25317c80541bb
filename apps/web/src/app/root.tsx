import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { setAfterUnauthorized } from '@/lib/api';

/** Root of every route: loading bar, scroll restoration, and where an expired session lands. */
export function AppRoot() {
  const navigate = useNavigate();
  useEffect(() => {
    setAfterUnauthorized(() => navigate('/', { replace: true }));
  }, [navigate]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
