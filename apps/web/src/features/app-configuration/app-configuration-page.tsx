import { zodResolver } from '@hookform/resolvers/zod';
import { appConfigurationPolicy } from '@habla/shared/policies/singletons';
import { APP_CONFIGURATION, singletonInput, type SingletonFieldDef } from '@habla/shared/resources/singletons';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { queryClient } from '@/lib/query-client';

type Values = Record<string, number | boolean>;
export type AppConfigurationRow = Values & { module: string; updated_at: string | null; _actions: string[] };
type ListAnswer = { status: true; data: AppConfigurationRow[] };

export const APP_CONFIGURATION_KEY = ['administration', 'app-configuration'] as const;

const FIELDS = APP_CONFIGURATION.fields;
const FIELD_NAMES = FIELDS.map((f) => f.name);
const schema = singletonInput(APP_CONFIGURATION);
const checkbox =
  'mt-0.5 size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-60';
const failedBox =
  'flex flex-col items-center gap-3 rounded-xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200';

const valuesOf = (row: AppConfigurationRow): Values =>
  Object.fromEntries(FIELDS.map((f) => [f.name, row[f.name] as number | boolean]));

/**
 * `/administration/appConfiguration` (seed "App Configuration"): the scoring, expiry and display
 * settings of each module (MLA, MAA), one form per module. Every signed-in user may read them (the
 * API's policy); those who may change them (PERMISSION_FULL) get the forms, the others a read-only view.
 */
export function AppConfigurationPage() {
  const { t } = useTranslation();
  const me = useAuthStore((s) => s.user);
  const query = useQuery({
    queryKey: APP_CONFIGURATION_KEY,
    queryFn: ({ signal }) => api.get<ListAnswer>('/api/app-configuration', { signal }),
  });
  const rows = query.data?.data ?? [];
  const canEdit = appConfigurationPolicy.can(me, 'update');

  return (
    <>
      <PageHeader title={t('appConfiguration.title')} description={t('appConfiguration.subtitle')} />
      {!canEdit && (
        <p className="mb-4 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('appConfiguration.readOnly')}</span>
        </p>
      )}
      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label={t('app.loading')} />
        </div>
      ) : query.isError ? (
        <div role="alert" className={failedBox}>
          <p className="text-sm text-slate-700">{t('appConfiguration.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('appConfiguration.retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {rows.map((row) => (
            // Re-mount when fresh values arrive so the form's defaults follow the server.
            <ModuleForm
              key={`${row.module}:${row.updated_at ?? ''}`}
              row={row}
              editable={canEdit && row._actions.includes('update')}
            />
          ))}
        </div>
      )}
    </>
  );
}

function ModuleForm({ row, editable }: { row: AppConfigurationRow; editable: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({ resolver: zodResolver(schema as never) as never, defaultValues: valuesOf(row) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.put(`/api/app-configuration/${encodeURIComponent(row.module)}`, values);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELD_NAMES);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: APP_CONFIGURATION_KEY });
  });

  const label = (name: string) => t(`fields.${name}`);
  // A setting that means something for some modules only (a recording's length: MAA) shows on their
  // forms; the others send it back unchanged.
  const shown = (f: SingletonFieldDef) => !f.keys || f.keys.includes(row.module);
  const errorOf = (f: SingletonFieldDef) =>
    fieldErrorText(
      t,
      errors[f.name]?.message,
      label(f.name),
      f.kind === 'int' ? { minimum: f.min, maximum: f.maxValue } : {},
    );

  return (
    <Card className="p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t(`appConfiguration.modules.${row.module}`, { defaultValue: row.module })}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t(`appConfiguration.moduleHints.${row.module}`, { defaultValue: '' })}
        </p>
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="mt-5">
          <fieldset disabled={!editable || isSubmitting} className="flex flex-col gap-5">
            <legend className="sr-only">
              {t(`appConfiguration.modules.${row.module}`, { defaultValue: row.module })}
            </legend>
            <div className="grid gap-5 sm:grid-cols-2">
              {FIELDS.filter((f) => f.kind === 'int' && shown(f)).map((f) =>
                f.kind === 'int' ? (
                  <TextField
                    key={f.name}
                    label={label(f.name)}
                    type="number"
                    inputMode="numeric"
                    min={f.min}
                    max={f.maxValue}
                    step={1}
                    required
                    description={t(`appConfiguration.hints.${f.name}`, { minimum: f.min, maximum: f.maxValue })}
                    error={errorOf(f)}
                    {...register(f.name, { valueAsNumber: true })}
                  />
                ) : null,
              )}
            </div>
            {FIELDS.filter((f) => f.kind === 'bool' && shown(f)).map((f) => (
              <Switch
                key={f.name}
                name={f.name}
                label={label(f.name)}
                hint={t(`appConfiguration.hints.${f.name}`)}
                error={errorOf(f)}
                register={register}
              />
            ))}
            {editable && (
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
                  {t('appConfiguration.save', { module: row.module })}
                </Button>
                {isDirty && (
                  <Button variant="ghost" onClick={() => reset(valuesOf(row))}>
                    {t('appConfiguration.discard')}
                  </Button>
                )}
              </div>
            )}
          </fieldset>
        </form>
      </section>
    </Card>
  );
}

function Switch({
  name,
  label,
  hint,
  error,
  register,
}: {
  name: string;
  label: string;
  hint: string;
  error?: string;
  register: ReturnType<typeof useForm<Values>>['register'];
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={checkbox}
        {...register(name)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </div>
  );
}
