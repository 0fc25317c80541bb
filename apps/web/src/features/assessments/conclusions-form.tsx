import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldControlClasses } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import {
  ASSESSMENTS_API,
  assessmentKeys,
  type AssessmentRow,
  CONCLUSION_FIELDS,
  type ConclusionField,
} from './assessments-api';

type Values = Record<ConclusionField, string>;
const valuesOf = (row: AssessmentRow): Values =>
  Object.fromEntries(CONCLUSION_FIELDS.map((f) => [f, row[f] ?? ''])) as Values;

/**
 * "Conclusions": what the program proposed from the measures (syntax, tenses, function, about the
 * sample) and what the therapist adds (recommendation, notes, summary), saved together
 * (`PATCH /api/assessments/:id`). Read-only once the assessment is completed.
 */
export function ConclusionsForm({ row, editable }: { row: AssessmentRow; editable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(row));
  const [saved, setSaved] = useState<Values>(values);
  const [errors, setErrors] = useState<Partial<Record<ConclusionField | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const changed = CONCLUSION_FIELDS.filter((f) => values[f] !== saved[f]);

  const save = async () => {
    if (!changed.length) return;
    setBusy(true);
    setErrors({});
    const snapshot = values;
    try {
      await api.patch(`${ASSESSMENTS_API}/${row.id}`, Object.fromEntries(changed.map((f) => [f, snapshot[f]])), {
        silentSuccess: true,
      });
      setSaved(snapshot);
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.one(row.id), exact: true });
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) {
        const next: typeof errors = {};
        for (const [name, text] of Object.entries(failure.fields)) {
          if ((CONCLUSION_FIELDS as readonly string[]).includes(name)) next[name as ConclusionField] = text;
          else next.form = text;
        }
        setErrors(next);
      }
      // Anything else: the API client has said what went wrong.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('assessmentScreen.conclusions.title')}
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {editable && <p className="text-sm text-slate-600">{t('assessmentScreen.conclusions.lead')}</p>}
      <div className="grid gap-5 lg:grid-cols-2">
        {CONCLUSION_FIELDS.map((field) => (
          <div key={field} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-slate-800">
              {t(`assessmentScreen.conclusions.fields.${field}`)}
            </label>
            <textarea
              id={`${id}-${field}`}
              value={values[field]}
              readOnly={!editable}
              rows={field === 'notes' || field === 'summary' || field === 'recommendation' ? 4 : 3}
              maxLength={4000}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              className={clsx(fieldControlClasses(Boolean(errors[field])), !editable && 'bg-slate-50')}
              onChange={(e) => {
                setValues((v) => ({ ...v, [field]: e.target.value }));
                setDone(false);
              }}
            />
            {errors[field] && (
              <p id={`${id}-${field}-error`} className="text-sm text-red-700">
                {errors[field]}
              </p>
            )}
          </div>
        ))}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
          <p role="status" className="text-sm text-slate-700">
            {changed.length
              ? t('assessmentScreen.conclusions.unsaved')
              : done
                ? t('assessmentScreen.conclusions.saved')
                : ''}
          </p>
          <Button type="submit" loading={busy} disabled={!changed.length}>
            {!busy && <Save className="size-4" aria-hidden="true" />}
            {t('assessmentScreen.conclusions.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
