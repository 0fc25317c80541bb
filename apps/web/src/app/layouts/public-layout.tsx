import { type ReactNode, useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { Logo } from '@/components/ui/logo';
import { queryClient } from '@/lib/query-client';

/** Sign-in screens: brand, language switch, the page centred in `<main>`. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-dvh flex-col bg-gradient-to-b from-teal-50 via-slate-50 to-slate-100">
        <SkipLink />
        <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
          <Link
            to="/"
            aria-label={t('nav.home')}
            className="rounded-lg focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            <Logo />
          </Link>
          <LanguageSwitch />
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 focus:outline-none sm:items-center sm:pt-0"
        >
          {children ?? <Outlet />}
        </main>
        <footer className="px-4 pb-6 text-center text-xs text-slate-600">{t('app.footer')}</footer>
      </div>
    </QueryClientProvider>
  );
}
