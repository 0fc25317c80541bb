import type { PlayerAnswer } from '@habla/shared/play';
import type { SessionDetail } from '@habla/shared/schemas/evaluation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '@/components/resource/load-failed';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';

type Answer = PlayerAnswer;
type Session = SessionDetail;

const FIELDS = ['words_out_of_place', 'parts_of_speech', 'syntax_error'] as const;

/** `/games/sessions/:id` (seed variant "evaluation"): every try of a played session, the typed errors, and the
 * therapist's evaluation. */
export function EvaluationPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['game-sessions', id],
    queryFn: ({ signal }) =>
      api.get<{ data: Session }>(`/api/game-sessions/${id}`, { signal, silentSuccess: true }).then((r) => r.data),
  });
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (session.isPending) return <FullPageSpinner />;
  if (session.isError || !session.data)
    return <LoadFailed onRetry={() => void session.refetch()} back="/games/sessions" />;
  const s = session.data;
  const values = draft ?? {
    words_out_of_place: String(s.evaluation.words_out_of_place ?? 0),
    parts_of_speech: String(s.evaluation.parts_of_speech ?? 0),
    syntax_error: String(s.evaluation.syntax_error ?? 0),
    score_description: s.evaluation.score_description ?? '',
  };
  const shown = (a: Session['activities'][number], answer: Answer) => {
    if ('words' in answer) return answer.words.join(' ');
    const o = a.answers.options?.[answer.index];
    return o?.text || o?.alt || `#${answer.index + 1}`;
  };
  const rightAnswer = (a: Session['activities'][number]) =>
    s.game_type === 'sentence_practice' ? (a.answers.target ?? '') : shown(a, { index: a.answers.correct ?? 0 });
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await api.put(`/api/game-sessions/${id}/evaluation`, {
        words_out_of_place: Number(values.words_out_of_place),
        parts_of_speech: Number(values.parts_of_speech),
        syntax_error: Number(values.syntax_error),
        score_description: values.score_description?.trim() || null,
      });
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['game-sessions'] });
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fields);
    } finally {
      setBusy(false);
    }
  };
  const closed = s.status === 'COMPLETED' || s.status === 'INCOMPLETE';

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={t('evaluation.eyebrow')}
        title={`${s.student_name ?? ''} · ${s.game_name}`}
        description={t('evaluation.summary', {
          date: formatDateTime(i18n.language, s.started_at),
          status: t(`evaluation.sessionStatus.${s.status}`),
          score: s.score === null ? '—' : `${formatNumber(i18n.language, s.score)} %`,
          minutes: Math.max(1, Math.round(s.duration_ms / 60000)),
        })}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ol className="flex flex-col gap-4" aria-label={t('evaluation.activities')}>
          {s.activities.map((a) => (
            <li key={a.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <h2 className="font-semibold text-slate-900">
                {t('evaluation.activity', { position: a.position })}
                {a.question ? ` · ${a.question}` : ''}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t('evaluation.rightAnswer', { answer: rightAnswer(a) })}</p>
              {a.tries.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">{t('evaluation.notTried')}</p>
              ) : (
                <table className="mt-3 w-full text-left text-sm">
                  <thead className="text-slate-600">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('evaluation.try')}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('evaluation.answer')}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('evaluation.points')}
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        {t('evaluation.time')}
                      </th>
                      {s.game_type === 'sentence_practice' && (
                        <th scope="col" className="py-1 font-medium">
                          {t('evaluation.errors')}
                        </th>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {a.tries.map((tr) => (
                      <tr key={tr.try_number} className="border-t border-slate-100 align-top">
                        <td className="py-1.5 pr-3">{tr.try_number}</td>
                        <td className="py-1.5 pr-3">
                          <span className="inline-flex items-center gap-1.5">
                            {tr.correct ? (
                              <CheckCircle2 aria-label={t('evaluation.right')} className="size-4 text-emerald-700" />
                            ) : (
                              <XCircle aria-label={t('evaluation.wrong')} className="size-4 text-rose-700" />
                            )}
                            {shown(a, tr.answer)}
                          </span>
                        </td>
                        <td className="py-1.5 pr-3 tabular-nums">{tr.points}</td>
                        <td className="py-1.5 pr-3 tabular-nums">
                          {t('evaluation.seconds', { count: Math.round(tr.elapsed_ms / 1000) })}
                        </td>
                        {s.game_type === 'sentence_practice' && (
                          <td className="py-1.5 text-slate-700">
                            {tr.errors
                              ? FIELDS.filter((f) => tr.errors![f] > 0)
                                  .map((f) => `${t(`evaluation.kinds.${f}`)}: ${tr.errors![f]}`)
                                  .join(' · ') || '—'
                              : '—'}
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
        <form
          className="flex h-fit flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h2 className="text-lg font-semibold text-slate-900">{t('evaluation.form')}</h2>
          <p className="text-sm text-slate-600">{t('evaluation.automatic', { ...s.automatic })}</p>
          {FIELDS.map((f) => (
            <TextField
              key={f}
              label={t(`evaluation.kinds.${f}`)}
              type="number"
              min={0}
              max={999}
              value={values[f]}
              error={errors[f]}
              disabled={!closed}
              onChange={(e) => setDraft({ ...values, [f]: e.target.value })}
            />
          ))}
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            {t('evaluation.scoreDescription')}
            <textarea
              value={values.score_description}
              disabled={!closed}
              maxLength={2000}
              rows={4}
              onChange={(e) => setDraft({ ...values, score_description: e.target.value })}
              className="rounded-lg border border-slate-300 px-3 py-2 text-base font-normal shadow-sm focus-visible:outline-2 focus-visible:outline-teal-600 sm:text-sm"
            />
          </label>
          {s.evaluated_at && (
            <p className="text-xs text-slate-600">
              {t('evaluation.evaluatedBy', {
                name: s.evaluator_name ?? '',
                date: formatDateTime(i18n.language, s.evaluated_at),
              })}
            </p>
          )}
          {!closed && <p className="text-sm text-amber-800">{t('evaluation.stillPlaying')}</p>}
          <Button type="submit" loading={busy} disabled={!closed}>
            {t('evaluation.save')}
          </Button>
        </form>
      </div>
    </div>
  );
}
