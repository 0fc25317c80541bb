import { ERROR_KINDS, type ErrorKind } from '@habla/shared/resources/assessments';
import type { AssessmentMeasures, AssessmentUtterance } from '@habla/shared/schemas/assessments';
import { VERB_TENSES } from '@habla/shared/schemas/lsa';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConflictBanner } from '@/components/ui/conflict-banner';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useVersionedSave } from '@/lib/use-versioned-save';
import { ASSESSMENTS_API, assessmentKeys, fetchMeasures } from './assessments-api';

/** The pause after the last toggle before the coding is saved. */
export const CODING_SAVE_MS = 600;

type Coding = Readonly<Record<number, readonly ErrorKind[]>>;
const NONE: readonly ErrorKind[] = [];

const codingOf = (utterances: readonly AssessmentUtterance[]): Coding =>
  Object.fromEntries(utterances.map((u) => [u.index, u.errors.length ? u.errors : NONE]));

/** The whole coding as `PUT …/errors` takes it: the utterances with at least one error, by index. */
const bodyOf = (coding: Coding): Record<string, ErrorKind[]> => {
  const out: Record<string, ErrorKind[]> = {};
  for (const [index, kinds] of Object.entries(coding))
    if (kinds.length) out[index] = ERROR_KINDS.filter((k) => kinds.includes(k));
  return out;
};

type Labels = {
  kinds: Record<ErrorKind, string>;
  group: (n: number) => string;
  words: string;
  morphemes: (count: number) => string;
  excluded: Record<string, string>;
  sentenceTypes: Record<string, string>;
  tenses: Record<string, string>;
};

/**
 * "Utterances": each of the analysed speaker's utterances with the words that count, its morphemes
 * (or why MLU leaves it out), its kind of sentence, and four toggles to code a syntax, grammar,
 * meaning or function error on it. The whole coding is saved a moment after the last toggle
 * (`PUT …/errors` with the version it was loaded at); when someone else saved meanwhile (409) the
 * coder chooses between their version and their own. Read-only when the assessment is completed.
 */
export function ErrorCoding({
  assessmentId,
  data,
  onPendingChange,
}: {
  assessmentId: string;
  data: AssessmentMeasures;
  onPendingChange?: (pending: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [coding, setCoding] = useState<Coding>(() => codingOf(data.utterance_list));
  const [onlyErrors, setOnlyErrors] = useState(false);
  const editable = data.editable;
  const { dirty, saving, everSaved, problem, conflict, reloading, flush, loadTheirs, keepMine } = useVersionedSave({
    value: coding,
    version: data.errors_version,
    delayMs: CODING_SAVE_MS,
    enabled: editable,
    save: async (value, version) =>
      (
        await api.put<{ data: AssessmentMeasures }>(
          `${ASSESSMENTS_API}/${assessmentId}/errors`,
          { version, errors: bodyOf(value) },
          { silent: true },
        )
      ).data,
    load: () => fetchMeasures(assessmentId),
    versionOf: (answer) => answer.errors_version,
    onSaved: (answer) => {
      queryClient.setQueryData(assessmentKeys.measures(assessmentId), answer);
      // The first coding moves a new assessment to Work in progress.
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.one(assessmentId), exact: true });
    },
    onLoadTheirs: (fresh) => {
      const next = codingOf(fresh.utterance_list);
      setCoding(next);
      queryClient.setQueryData(assessmentKeys.measures(assessmentId), fresh);
      return next;
    },
    // Completed meanwhile (or no longer allowed): read the assessment again, which makes the coding read-only.
    onFailed: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 403))
        void queryClient.invalidateQueries({ queryKey: ['records', 'assessments'] });
    },
    onPendingChange,
  });

  const toggle = useCallback((index: number, kind: ErrorKind) => {
    setCoding((current) => {
      const kinds = current[index] ?? NONE;
      const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
      return { ...current, [index]: next.length ? next : NONE };
    });
  }, []);

  const labels: Labels = useMemo(
    () => ({
      kinds: Object.fromEntries(ERROR_KINDS.map((k) => [k, t(`lsa.errorKinds.${k}`)])) as Record<ErrorKind, string>,
      group: (n) => t('assessmentScreen.coding.group', { n }),
      words: t('assessmentScreen.coding.words'),
      morphemes: (count) => t('assessmentScreen.coding.morphemes', { count }),
      excluded: {
        unintelligible: t('lsa.excluded.unintelligible'),
        postcode: t('lsa.excluded.postcode'),
        no_words: t('lsa.excluded.no_words'),
      },
      sentenceTypes: {
        affirmative: t('lsa.sentenceTypes.affirmative'),
        negative: t('lsa.sentenceTypes.negative'),
        interrogative: t('lsa.sentenceTypes.interrogative'),
      },
      tenses: Object.fromEntries(VERB_TENSES.map((v) => [v, t(`lsa.verbTenses.${v}`)])),
    }),
    [t],
  );

  const withErrors = data.utterance_list.filter((u) => (coding[u.index] ?? NONE).length > 0).length;
  const shown = onlyErrors
    ? data.utterance_list.filter((u) => (coding[u.index] ?? NONE).length > 0)
    : data.utterance_list;
  const status =
    problem?.kind === 'error'
      ? t('assessmentScreen.coding.failed', { message: problem.message })
      : saving
        ? t('assessmentScreen.coding.saving')
        : dirty || conflict
          ? t('assessmentScreen.coding.unsaved')
          : everSaved
            ? t('assessmentScreen.coding.saved')
            : editable
              ? t('assessmentScreen.coding.autosave')
              : t('assessmentScreen.coding.readOnly');

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={onlyErrors}
            onChange={(e) => setOnlyErrors(e.target.checked)}
            className="size-4 rounded border-slate-300 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          />
          {t('assessmentScreen.coding.onlyErrors', { count: withErrors })}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <p
            role="status"
            className={clsx(
              'text-sm',
              problem?.kind === 'error' ? 'text-red-700' : dirty || saving ? 'text-slate-700' : 'text-teal-800',
            )}
          >
            {status}
          </p>
          {problem?.kind === 'error' && editable && (
            <Button variant="secondary" size="sm" loading={saving} onClick={() => void flush()}>
              {t('records.retry')}
            </Button>
          )}
        </div>
      </div>

      {conflict && (
        <ConflictBanner
          title={t('assessmentScreen.coding.conflictTitle')}
          text={t('assessmentScreen.coding.conflictText')}
          loadLabel={t('assessmentScreen.coding.loadTheirs')}
          keepLabel={t('assessmentScreen.coding.keepMine')}
          busy={reloading}
          saving={saving}
          discardTitle={t('assessmentScreen.coding.discardTitle')}
          discardText={t('assessmentScreen.coding.discardText')}
          onLoad={() => void loadTheirs()}
          onKeep={() => void keepMine()}
        />
      )}

      {data.utterance_list.length === 0 ? (
        <p className="text-sm text-slate-600">{t('assessmentScreen.coding.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('assessmentScreen.coding.noneWithErrors')}</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={t('assessmentScreen.coding.list')}>
          {shown.map((u) => (
            <UtteranceRow
              key={u.index}
              u={u}
              kinds={coding[u.index] ?? NONE}
              disabled={!editable || conflict}
              labels={labels}
              onToggle={toggle}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** One utterance: plain elements only, redrawn only when its own coding changes (long samples stay fast). */
const UtteranceRow = memo(function UtteranceRow({
  u,
  kinds,
  disabled,
  labels,
  onToggle,
}: {
  u: AssessmentUtterance;
  kinds: readonly ErrorKind[];
  disabled: boolean;
  labels: Labels;
  onToggle: (index: number, kind: ErrorKind) => void;
}) {
  const n = u.index + 1;
  const facts = [
    u.excluded ? labels.excluded[u.excluded] : u.morphemes !== null ? labels.morphemes(u.morphemes) : null,
    u.sentence_type ? labels.sentenceTypes[u.sentence_type] : null,
    ...u.verb_tenses.map((v) => labels.tenses[v]),
  ].filter(Boolean);
  return (
    <li
      className={clsx(
        'flex flex-col gap-2 py-3 [contain-intrinsic-size:auto_5rem] [content-visibility:auto] sm:flex-row sm:items-start sm:gap-4',
        kinds.length > 0 && 'bg-amber-50/40',
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="w-10 shrink-0 pt-0.5 text-right text-xs font-medium text-slate-500 tabular-nums">{n}</span>
        <div className="min-w-0 flex-1">
          <p className="text-base break-words text-slate-900 sm:text-sm">{u.text}</p>
          {u.words.length > 0 && (
            <p className="mt-0.5 text-xs break-words text-slate-600">
              <span className="sr-only">{labels.words} </span>
              {u.words.join(' · ')}
            </p>
          )}
          {facts.length > 0 && <p className="mt-0.5 text-xs text-slate-600">{facts.join(' · ')}</p>}
        </div>
      </div>
      <div
        role="group"
        aria-label={labels.group(n)}
        className="grid grid-cols-4 gap-1.5 sm:flex sm:shrink-0 sm:flex-wrap"
      >
        {ERROR_KINDS.map((kind) => {
          const on = kinds.includes(kind);
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onToggle(u.index, kind)}
              className={clsx(
                'min-h-9 min-w-0 rounded-full px-1 text-[11px] min-[400px]:text-xs sm:px-3 font-semibold ring-1 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed sm:min-h-7',
                on
                  ? 'bg-amber-600 text-white ring-amber-700 hover:bg-amber-700'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                disabled && !on && 'opacity-60',
              )}
            >
              {labels.kinds[kind]}
            </button>
          );
        })}
      </div>
    </li>
  );
});
