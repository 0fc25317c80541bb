import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { Logo } from '@/components/ui/logo';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';

/** The player (/players/*): open to everyone, a calm full-width stage under a header titled 'Player'. */
export function PlayerLayout() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  useEffect(() => {
    document.title = `${t('player.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh flex-col bg-gradient-to-b from-sky-50 to-teal-50">
        <SkipLink />
        <header className="border-b border-teal-100 bg-white/90">
          <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
            <Logo markOnly />
            <h1 className="text-lg font-semibold text-slate-900">{t('player.title')}</h1>
            <div className="ml-auto flex items-center gap-2">
              <LanguageSwitch />
              {signedIn && (
                <Link
                  to="/dashboards"
                  className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">{t('player.exit')}</span>
                  <span className="sr-only sm:hidden">{t('player.exit')}</span>
                </Link>
              )}
            </div>
          </div>
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-6"
        >
          <Outlet />
        </main>
      </div>
    </QueryClientProvider>
  );
}
