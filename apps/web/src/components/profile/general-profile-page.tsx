import type { ProfileRow, SessionRow } from '@habla/shared/schemas/profile';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound, LogOut, Monitor } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { isUiLanguage, LANGUAGES } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { dateTimeFormat } from '@/lib/format';

/** The API's contract (`@habla/shared/schemas/profile`): the screen reads what the route declares. */
export type Profile = ProfileRow;
export type { SessionRow };

type ProfileForm = {
  first_name: string;
  last_name: string;
  phone: string;
  job_title: string;
  language: string;
  notify_by_email: boolean;
};
const FORM_FIELDS = ['first_name', 'last_name', 'phone', 'job_title', 'language', 'notify_by_email'] as const;

export const PROFILE_KEY = ['administration', 'profile'] as const;
export const SESSIONS_KEY = ['administration', 'sessions'] as const;

const failedBox = 'flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-8 text-center ring-1 ring-slate-200';

/**
 * `/administration/generalProfile` (and `/settings`, which everyone reaches): your own profile, a way
 * to the password change, and your sessions.
 */
export function GeneralProfilePage({ title }: { title?: string } = {}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title ?? t('administration.generalProfile.title')}
        description={t('administration.generalProfile.subtitle')}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ProfileSection />
        </div>
        <div className="flex flex-col gap-6">
          <Card className="p-6">
            <section aria-labelledby="profile-password-heading">
              <h2 id="profile-password-heading" className="text-base font-semibold text-slate-900">
                {t('administration.generalProfile.password')}
              </h2>
              <p className="mt-1 mb-4 text-sm text-slate-600">{t('administration.generalProfile.passwordHint')}</p>
              <ButtonLink to="/changePassword" variant="secondary">
                <KeyRound className="size-4" aria-hidden="true" />
                {t('administration.generalProfile.changePassword')}
              </ButtonLink>
            </section>
          </Card>
        </div>
        <div className="lg:col-span-3">
          <SessionsSection />
        </div>
      </div>
    </>
  );
}

function ProfileSection() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.get<{ status: true; data: Profile }>('/api/auth/profile', { signal }),
  });
  const profile = query.data?.data;
  return (
    <Card className="p-6">
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-base font-semibold text-slate-900">
          {t('administration.generalProfile.profile')}
        </h2>
        {query.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('app.loading')} />
          </div>
        ) : query.isError || !profile ? (
          <div role="alert" className={`mt-4 ${failedBox}`}>
            <p className="text-sm text-slate-700">{t('administration.generalProfile.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('administration.generalProfile.retry')}
            </Button>
          </div>
        ) : (
          // Re-mount the form when a fresh profile arrives so its defaults follow the server.
          <ProfileFormView key={`${profile.id}:${query.dataUpdatedAt}`} profile={profile} />
        )}
      </section>
    </Card>
  );
}

function ProfileFormView({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const notifyId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ?? '',
      job_title: profile.job_title ?? '',
      language: isUiLanguage(profile.language) ? profile.language : (i18n.resolvedLanguage ?? 'en'),
      notify_by_email: profile.notify_by_email,
    },
  });

  const label = {
    first_name: t('administration.generalProfile.firstName'),
    last_name: t('administration.generalProfile.lastName'),
    phone: t('administration.generalProfile.phone'),
    job_title: t('administration.generalProfile.jobTitle'),
    language: t('administration.generalProfile.language'),
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      phone: values.phone.trim() || null,
      job_title: values.job_title.trim() || null,
      language: values.language,
      notify_by_email: values.notify_by_email,
    };
    try {
      await api.patch<{ status: true; data: { id: string }; message?: string }>('/api/auth/profile', body);
    } catch (error) {
      applyServerFieldErrors(error, setError, FORM_FIELDS);
      return;
    }
    const { user, setUser } = useAuthStore.getState();
    if (user)
      setUser({
        ...user,
        first_name: body.first_name,
        last_name: body.last_name,
        language: isUiLanguage(body.language) ? body.language : user.language,
      });
    if (body.language !== profile.language && isUiLanguage(body.language)) await i18n.changeLanguage(body.language);
    await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  });

  const details: [string, string][] = [
    [t('administration.generalProfile.username'), profile.username],
    [t('administration.generalProfile.email'), profile.email ?? '—'],
    [t('administration.generalProfile.role'), t(`roles.${profile.role}`, { defaultValue: profile.role })],
    ...(profile.account ? [[t('administration.generalProfile.account'), profile.account] as [string, string]] : []),
  ];

  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2">
        {details.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-slate-600">{term}</dt>
            <dd className="text-sm font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5" aria-labelledby="profile-heading">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={label.first_name}
            autoComplete="given-name"
            maxLength={100}
            required
            error={fieldErrorText(t, errors.first_name?.message, label.first_name)}
            {...register('first_name', { validate: (v) => (v.trim() ? true : 'validation.required') })}
          />
          <TextField
            label={label.last_name}
            autoComplete="family-name"
            maxLength={100}
            required
            error={fieldErrorText(t, errors.last_name?.message, label.last_name)}
            {...register('last_name', { validate: (v) => (v.trim() ? true : 'validation.required') })}
          />
          <TextField
            label={label.phone}
            type="tel"
            autoComplete="tel"
            maxLength={40}
            optionalLabel={t('administration.generalProfile.optional')}
            error={fieldErrorText(t, errors.phone?.message, label.phone)}
            {...register('phone')}
          />
          <TextField
            label={label.job_title}
            autoComplete="organization-title"
            maxLength={100}
            optionalLabel={t('administration.generalProfile.optional')}
            error={fieldErrorText(t, errors.job_title?.message, label.job_title)}
            {...register('job_title')}
          />
          <SelectField
            label={label.language}
            description={t('administration.generalProfile.languageHint')}
            options={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
            error={fieldErrorText(t, errors.language?.message, label.language)}
            {...register('language')}
          />
        </div>
        <div className="flex items-start gap-3">
          <input
            id={notifyId}
            type="checkbox"
            aria-describedby={`${notifyId}-hint`}
            className="mt-0.5 size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            {...register('notify_by_email')}
          />
          <div>
            <label htmlFor={notifyId} className="text-sm font-medium text-slate-800">
              {t('administration.generalProfile.notifyByEmail')}
            </label>
            <p id={`${notifyId}-hint`} className="text-xs text-slate-600">
              {t('administration.generalProfile.notifyByEmailHint')}
            </p>
          </div>
        </div>
        <div>
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            {t('administration.generalProfile.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** A short "browser · system" name of a user agent string (the full one stays in a tooltip). */
export function describeUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(' · ') : ua;
}

function SessionsSection() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => api.get<{ status: true; data: SessionRow[] }>('/api/auth/sessions', { signal }),
  });
  const signOutOthers = useMutation({
    mutationFn: () =>
      api.post<{ status: true; data: { count: number }; message?: string }>('/api/auth/sessions/sign-out-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const sessions = query.data?.data ?? [];
  const format = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime())
      ? iso
      : dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  };

  return (
    <Card className="p-6">
      <section aria-labelledby="profile-sessions-heading">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="profile-sessions-heading" className="text-base font-semibold text-slate-900">
              {t('administration.generalProfile.sessions')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('administration.generalProfile.sessionsHint')}</p>
          </div>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button
              variant="secondary"
              loading={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
              aria-describedby="profile-sign-out-hint"
            >
              <LogOut className="size-4" aria-hidden="true" />
              {t('administration.generalProfile.signOutOthers')}
            </Button>
            <p id="profile-sign-out-hint" className="text-xs text-slate-600">
              {t('administration.generalProfile.signOutOthersHint')}
            </p>
          </div>
        </div>
        {query.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('app.loading')} />
          </div>
        ) : query.isError ? (
          <div role="alert" className={`mt-4 ${failedBox}`}>
            <p className="text-sm text-slate-700">{t('administration.generalProfile.sessionsLoadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('administration.generalProfile.retry')}
            </Button>
          </div>
        ) : sessions.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('administration.generalProfile.noSessions')}</p>
        ) : (
          <>
            <ul
              aria-label={t('administration.generalProfile.sessionsList')}
              aria-busy={query.isFetching}
              className="mt-4 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
            >
              {sessions.map((s) => (
                <li key={s.id} className="flex items-start gap-3 px-4 py-3">
                  <Monitor className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      <span className="break-words" title={s.user_agent ?? undefined}>
                        {describeUserAgent(s.user_agent) ?? t('administration.generalProfile.unknownDevice')}
                      </span>
                      {s.current && (
                        <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800 ring-1 ring-teal-200">
                          {t('administration.generalProfile.thisDevice')}
                        </span>
                      )}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      {s.ip ?? t('administration.generalProfile.unknownIp')}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      {t('administration.generalProfile.signedIn', { date: format(s.created_at) })} ·{' '}
                      {t('administration.generalProfile.lastSeen', { date: format(s.last_seen_at) })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            {sessions.every((s) => s.current) && (
              <p className="mt-3 text-sm text-slate-600">{t('administration.generalProfile.onlyThisSession')}</p>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
