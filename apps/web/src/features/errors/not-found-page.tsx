import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MainLayout } from '@/app/layouts/main-layout';
import { PublicLayout } from '@/app/layouts/public-layout';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuthStore } from '@/lib/auth-store';

function NotFoundContent({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex w-full justify-center py-8">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-teal-50 text-teal-700 ring-1 ring-teal-100">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <p className="text-sm font-semibold text-teal-700">404</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('errors.notFoundTitle')}
        </h1>
        <p className="mt-3 text-slate-700">{t('errors.notFoundText')}</p>
        <p className="mt-3 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-700">{pathname}</p>
        <div className="mt-8 flex justify-center">
          <ButtonLink to={signedIn ? '/dashboards' : '/'}>
            {signedIn ? t('errors.toDashboard') : t('errors.toStart')}
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}

/** Any unknown path: inside the app shell for signed-in users, the public frame otherwise. */
export function NotFoundPage() {
  const signedIn = useAuthStore((s) => Boolean(s.token));
  if (signedIn) {
    return (
      <MainLayout>
        <NotFoundContent signedIn />
      </MainLayout>
    );
  }
  return (
    <PublicLayout>
      <NotFoundContent signedIn={false} />
    </PublicLayout>
  );
}
