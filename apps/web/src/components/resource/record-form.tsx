import { zodResolver } from '@hookform/resolvers/zod';
import { createSchema, isTenantField, type FieldDef } from '@habla/shared/resources/define';
import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { fieldControlClasses, TextField } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { type ResourceScreen, screenOf } from '@/lib/resource-screens';
import { pictureUrl } from './field-value';
import { ActivityPicture } from '@/components/activity/media';
import { isImageId } from '@/components/activity/model';
import { PictureField } from '@/components/activity/picture-field';
import { FileInput } from './file-input';
import { firstNestedError, JsonInput, jsonText, withJsonFields } from './json-input';
import type { RecordRow, Ref } from './resource-api';
import { RelationPicker } from './relation-picker';

type Values = Record<string, unknown>;

/** Form values of a record, or of a new one (empty, except what the screen fixes: Regular Verb's type). */
function initialValues(fields: readonly FieldDef[], row?: RecordRow, fixed?: Record<string, string>): Values {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row ? row[f.name] : (fixed?.[f.name] ?? (f.kind === 'enum' ? f.default : undefined));
      if (f.kind === 'enumArray' || f.kind === 'relationMany') return [f.name, (v as string[] | undefined) ?? []];
      if (f.kind === 'bool') return [f.name, Boolean(v)];
      if (f.kind === 'int' || f.kind === 'relation' || f.kind === 'enum') return [f.name, v ?? null];
      if (f.kind === 'json') return [f.name, jsonText(v)];
      if (f.kind === 'file') return [f.name, v ?? null];
      if (f.kind === 'decimal') return [f.name, v === null || v === undefined || v === '' ? null : Number(v)];
      return [f.name, (v as string | null | undefined) ?? ''];
    }),
  );
}

type Props = {
  screen: ResourceScreen;
  row?: RecordRow;
  wide?: boolean;
  onSubmit: (values: Values) => Promise<RecordRow | undefined>;
  cancelTo: string;
  /** Values a new record starts with (a chapter added from its level), with the labels their pickers show. */
  preset?: { values: Record<string, string>; labels: Record<string, string> };
};

/**
 * The one form of every resource: inputs chosen by field kind, validated with the same shared zod
 * schema as the API; server field errors (400, 409) appear beside their inputs. Create and edit
 * use it alike.
 */
export function RecordForm({ screen, row, wide = false, onSubmit, cancelTo, preset }: Props) {
  const { t } = useTranslation();
  // A new record on a screen with a fixed filter gets the fixed value, and no input for it.
  // Computed fields are shown, never edited; an account member's own account is filled by the server.
  const user = useAuthStore((s) => s.user);
  const fields = useMemo(
    () =>
      screen.resource.fields.filter(
        (f) => (row || !screen.fixed?.[f.name]) && !f.readOnly && !(isTenantField(f) && user?.account_id),
      ),
    [screen, row, user?.account_id],
  );
  const schema = useMemo(() => createSchema(screen.resource), [screen.resource]);
  // JSON fields are edited as text: parsed before the shared schema judges them.
  const resolver = useMemo(
    () =>
      withJsonFields(
        zodResolver(schema as never) as never,
        screen.resource.fields.filter((f) => f.kind === 'json').map((f) => f.name),
      ),
    [schema, screen.resource],
  );
  const [labels, setLabels] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = { ...preset?.labels };
    for (const f of fields) {
      const loaded = f.kind === 'relation' || f.kind === 'relationMany' ? row?.[f.as ?? ''] : undefined;
      for (const r of Array.isArray(loaded) ? (loaded as Ref[]) : loaded ? [loaded as Ref] : []) out[r.id] = r.label;
    }
    return out;
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: initialValues(
      screen.resource.fields.filter((f) => !f.readOnly),
      row,
      { ...preset?.values, ...screen.fixed },
    ),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(
        error,
        setError,
        fields.map((f) => f.name),
      );
      // A problem inside a JSON document (answers.2.text) is shown under its field, naming the path.
      if (error instanceof ApiError)
        for (const [path, message] of Object.entries(error.fields)) {
          const json = fields.find((f) => f.kind === 'json' && path.startsWith(`${f.name}.`));
          if (json && !errors[json.name]) setError(json.name, { type: 'server', message });
        }
    }
  });

  const label = (f: FieldDef) => t(`fields.${f.name}`);
  const errorOf = (f: FieldDef) => {
    if (f.kind === 'json') {
      const nested = firstNestedError(errors[f.name]);
      return nested && fieldErrorText(t, nested.message, nested.path ? `${label(f)} (${nested.path})` : label(f));
    }
    return fieldErrorText(t, errors[f.name]?.message as string | undefined, label(f), {
      maximum:
        (f.kind === 'text' || f.kind === 'longtext' || f.kind === 'picture' ? f.max : undefined) ??
        (f.kind === 'longtext' ? 2000 : 200),
    });
  };
  const optional = t('records.optional');

  const input = (f: FieldDef) => {
    const common = { label: label(f), error: errorOf(f), optionalLabel: f.required ? undefined : optional };
    switch (f.kind) {
      case 'enum':
        return (
          <SelectField
            label={common.label}
            error={common.error}
            placeholder={t('records.choose')}
            options={(screen.options?.[f.name]?.(user) ?? f.options ?? []).map((o) => ({
              value: o,
              label: t(`enums.${f.enumName}.${o}`),
            }))}
            {...register(f.name, { setValueAs: (v: string) => (v === '' ? null : v) })}
          />
        );
      case 'int':
        return (
          <TextField
            {...common}
            type="number"
            inputMode="numeric"
            min={f.min}
            max={f.maxValue}
            description={
              f.min !== undefined && f.maxValue !== undefined
                ? t('records.rangeHelp', { min: f.min, max: f.maxValue })
                : undefined
            }
            {...register(f.name, { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
          />
        );
      case 'decimal':
        return (
          <TextField
            {...common}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={f.min ?? 0}
            {...register(f.name, { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
          />
        );
      case 'date':
        return <TextField {...common} type="date" {...register(f.name)} />;
      case 'password':
        return (
          <TextField
            {...common}
            type="password"
            autoComplete="new-password"
            description={row ? t('records.passwordKeep') : t('records.passwordHelp')}
            {...register(f.name)}
          />
        );
      case 'longtext':
        return (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <label htmlFor={`field-${f.name}`} className="text-sm font-medium text-slate-800">
                {label(f)}
              </label>
              {!f.required && <span className="text-xs text-slate-500">{optional}</span>}
            </div>
            <textarea
              id={`field-${f.name}`}
              rows={3}
              aria-invalid={errorOf(f) ? true : undefined}
              aria-describedby={errorOf(f) ? `field-${f.name}-error` : undefined}
              className={fieldControlClasses(Boolean(errorOf(f)))}
              {...register(f.name)}
            />
            <p
              id={`field-${f.name}-error`}
              aria-live="polite"
              className={errorOf(f) ? 'text-sm text-red-700' : 'sr-only'}
            >
              {errorOf(f)}
            </p>
          </div>
        );
      case 'enumArray':
        return (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2 text-sm font-medium text-slate-800">
              {label(f)}
              {!f.required && <span className="text-xs font-normal text-slate-500">{optional}</span>}
            </legend>
            <div className="flex flex-wrap gap-3">
              {(f.options ?? []).map((o) => (
                <label key={o} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    value={o}
                    className="size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600"
                    {...register(f.name)}
                  />
                  {t(`enums.${f.enumName}.${o}`)}
                </label>
              ))}
            </div>
            {errorOf(f) && <p className="text-sm text-red-700">{errorOf(f)}</p>}
          </fieldset>
        );
      case 'bool':
        return (
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600"
              {...register(f.name)}
            />
            {label(f)}
          </label>
        );
      case 'relation':
      case 'relationMany': {
        const target = f.target ? screenOf(f.target) : undefined;
        if (!target) return null;
        const many = f.kind === 'relationMany';
        return (
          <Controller
            control={control}
            name={f.name}
            render={({ field }) => {
              const ids = many ? ((field.value as string[] | null) ?? []) : field.value ? [field.value as string] : [];
              return (
                <RelationPicker
                  label={label(f)}
                  optionalLabel={f.required ? undefined : optional}
                  target={target}
                  multiple={many}
                  error={errorOf(f)}
                  value={ids.map((id) => ({ id, label: labels[id] ?? id }))}
                  onChange={(refs) => {
                    setLabels((prev) => ({ ...prev, ...Object.fromEntries(refs.map((r) => [r.id, r.label])) }));
                    field.onChange(many ? refs.map((r) => r.id) : (refs[0]?.id ?? null));
                  }}
                />
              );
            }}
          />
        );
      }
      case 'json':
        return (
          <JsonInput
            label={label(f)}
            optionalLabel={common.optionalLabel}
            help={t('records.jsonHelp')}
            error={errorOf(f)}
            registration={register(f.name)}
          />
        );
      case 'file':
        return (
          <Controller
            control={control}
            name={f.name}
            render={({ field }) => (
              <FileInput
                label={label(f)}
                optionalLabel={common.optionalLabel}
                error={errorOf(f)}
                accept={f.accept}
                value={(field.value as string | null) ?? null}
                onChange={field.onChange}
                speakText={f.speakFrom ? String(watch(f.speakFrom) ?? '') : undefined}
              />
            )}
          />
        );
      case 'picture': {
        const code = watch(f.name) as string;
        return (
          <div className="flex flex-col gap-2">
            <div className="flex items-end gap-3">
              <TextField {...common} className="flex-1" description={t('records.pictureHelp')} {...register(f.name)} />
              {code && isImageId(code) ? (
                <ActivityPicture
                  picture={code}
                  alt={t('records.picturePreview')}
                  size="thumb"
                  className="mb-7 size-10"
                />
              ) : (
                code &&
                /^[0-9a-f-]+$/i.test(code) && (
                  <img
                    src={pictureUrl(code.toLowerCase())}
                    alt={t('records.picturePreview')}
                    className="mb-7 size-10"
                  />
                )
              )}
            </div>
            {/* Or choose one: the Noto pictures by word, or the gallery (and upload into it). */}
            <PictureField
              label={label(f)}
              value={code || null}
              pickerOnly
              onChange={(v) => setValue(f.name, v ?? '', { shouldDirty: true, shouldValidate: true })}
            />
          </div>
        );
      }
      case 'text':
        return (
          <TextField
            {...common}
            maxLength={f.max}
            type={f.format === 'email' ? 'email' : 'text'}
            autoComplete={f.format === 'email' ? 'email' : f.format === 'username' ? 'off' : undefined}
            description={f.format === 'ssn' ? t('records.ssnHelp') : undefined}
            {...register(f.name)}
          />
        );
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className={clsx('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6', !wide && 'max-w-3xl')}
    >
      <div className={clsx('grid gap-5', wide ? 'sm:grid-cols-2 xl:grid-cols-3' : 'sm:grid-cols-2')}>
        {fields.map((f) => (
          <div
            key={f.name}
            className={
              f.kind === 'longtext' ||
              f.kind === 'relationMany' ||
              f.kind === 'enumArray' ||
              f.kind === 'json' ||
              f.kind === 'file'
                ? 'sm:col-span-2'
                : undefined
            }
          >
            {input(f)}
          </div>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <ButtonLink to={cancelTo} variant="secondary">
          {t('records.cancel')}
        </ButtonLink>
        <Button type="submit" loading={isSubmitting}>
          {t('records.save')}
        </Button>
      </div>
    </form>
  );
}
