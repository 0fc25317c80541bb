import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { authApi } from './auth-api';

/** `/logout`: revoke the session on the server, clear `token` and `user`, go to '/'. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hadToken = Boolean(useAuthStore.getState().token);
    const revoke = hadToken ? authApi.logout().catch(() => undefined) : Promise.resolve();
    void revoke.finally(() => {
      useAuthStore.getState().signOut();
      queryClient.clear();
      navigate('/', { replace: true });
    });
  }, [navigate]);

  return (
    <div className="flex flex-col items-center gap-3 py-16">
      <Spinner size="lg" decorative />
      <h1 className="text-lg font-medium text-slate-700" role="status">
        {t('auth.logout.progress')}
      </h1>
    </div>
  );
}
