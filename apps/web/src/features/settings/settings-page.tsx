import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth-store';

/** `/settings` (menu: Setting): the signed-in user's profile, language and password. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const rows: [string, string][] = user
    ? [
        [t('settings.name'), `${user.first_name} ${user.last_name}`.trim()],
        [t('auth.fields.username'), user.username],
        [t('auth.fields.email'), user.email ?? '—'],
        [t('settings.role'), t(`roles.${user.role}`)],
      ]
    : [];
  return (
    <>
      <PageHeader title={t('crumbs.settings')} description={t('settings.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <h2 className="text-base font-semibold text-slate-900">{t('settings.profile')}</h2>
          <dl className="mt-4 divide-y divide-slate-100">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-sm font-medium break-words text-slate-900 sm:col-span-2">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">{t('settings.preferences')}</h2>
            <p className="mt-3 text-sm font-medium text-slate-900">{t(`language.${i18n.resolvedLanguage ?? 'en'}`)}</p>
            <p className="mt-1 text-sm text-slate-600">{t('settings.languageHint')}</p>
          </Card>
          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">{t('settings.security')}</h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">{t('settings.passwordHint')}</p>
            <ButtonLink to="/changePassword" variant="secondary">
              <KeyRound className="size-4" aria-hidden="true" />
              {t('header.changePassword')}
            </ButtonLink>
          </Card>
        </div>
      </div>
    </>
  );
}
