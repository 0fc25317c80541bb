import { sessionScore, starsFor, type PlayerAnswer } from '@habla/shared/play';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, CloudOff, Eye, LogOut, Star, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ActivityPicture } from '@/components/activity/media';
import { MultipleChoice } from '@/components/activity/multiple-choice';
import { SentencePractice } from '@/components/activity/sentence-practice';
import { ConfirmDialog } from '@/components/resource/confirm-dialog';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { forgetTry, queuedTries, queueTry } from '@/lib/offline-tries';
import type { PlayActivity, PlaySession, TryResult } from './player-api';
import { formatNumber } from '@/lib/format';

type Feedback = { kind: 'right' | 'again' | 'over' | 'saved'; points?: number; answer?: string; triesLeft?: number };

const newTryId = () =>
  (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
  ).replace(/[^A-Za-z0-9_-]/g, '');

/** The right answer as words for the feedback line. */
function answerText(a: PlayActivity, answer: PlayerAnswer | undefined): string {
  if (!answer) return '';
  if ('words' in answer) return answer.words.join(' ');
  const opt = a.kind === 'choice' ? a.answers[answer.index] : undefined;
  return opt?.text || opt?.alt || '';
}

/**
 * One game, played: the server's session (started or resumed), one activity at a time,
 * up to three tries each, feedback after each, the right answer after the last, a score at the end.
 * Tries made offline wait in IndexedDB and are sent when the connection returns; the student plays
 * on meanwhile (those activities are checked once the server has them).
 *
 * `preview`: a therapist, editor or viewer plays a game (`assignmentId` is then the game's id) as
 * it is now; the server checks each try and keeps nothing, the score is counted here by the same
 * rule, and leaving goes back to the game.
 */
export function PlayScreen({ assignmentId, preview = false }: { assignmentId: string; preview?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<PlaySession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  /** Activities answered offline, waiting to be checked. */
  const [waiting, setWaiting] = useState<Set<string>>(new Set());
  const [leaving, setLeaving] = useState(false);
  const shownAt = useRef(Date.now());
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    try {
      const res = await api.post<{ data: PlaySession }>(
        preview ? `/api/player/preview/${assignmentId}` : `/api/player/games/${assignmentId}/sessions`,
        {},
        { silent: true },
      );
      setSession(res.data);
      return res.data;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
      return null;
    }
  }, [assignmentId, preview, t]);

  const flushing = useRef(false);
  /**
   * Send the tries waiting in the browser, oldest first; stop at the first that cannot go. Then the
   * session is read again from the server, and only then is the waiting cleared: answering is held
   * meanwhile, so a fresh answer is never overwritten by the older state being read.
   */
  const flush = useCallback(
    async (s: PlaySession) => {
      if (flushing.current) return;
      const queued = await queuedTries(s.id).catch(() => []);
      if (!queued.length) return;
      flushing.current = true;
      setBusy(true);
      try {
        let sent = 0;
        for (const q of queued) {
          try {
            await api.post(
              `/api/player/sessions/${q.session_id}/tries`,
              {
                activity_id: q.activity_id,
                answer: q.answer,
                client_try_id: q.client_try_id,
                elapsed_ms: q.elapsed_ms,
              },
              { silent: true },
            );
          } catch (failure) {
            if (failure instanceof ApiError && failure.status === 0) break;
            // Refused for good (the game expired, the activity was over): it will never count; drop it.
          }
          await forgetTry(q.client_try_id);
          sent += 1;
        }
        if (!sent) return;
        const left = await queuedTries(s.id).catch(() => []);
        await load();
        setWaiting(new Set(left.map((q) => q.activity_id)));
        if (!left.length) setFeedback((f) => (f?.kind === 'saved' ? null : f));
      } finally {
        flushing.current = false;
        setBusy(false);
      }
    },
    [load],
  );

  useEffect(() => {
    void load().then((s) => s && flush(s));
  }, [load, flush]);

  // Back online: send what waits. A timer too, for networks that come back without saying so.
  useEffect(() => {
    if (!session || !waiting.size) return;
    const go = () => void flush(session);
    window.addEventListener('online', go);
    const timer = setInterval(go, 4000);
    return () => {
      window.removeEventListener('online', go);
      clearInterval(timer);
    };
  }, [session, waiting, flush]);

  const current = session?.activities.find((a) => !a.done && !waiting.has(a.id)) ?? null;
  const position = current ? session!.activities.indexOf(current) + 1 : (session?.activities.length ?? 0);

  useEffect(() => {
    shownAt.current = Date.now();
  }, [current?.id, current?.tries.length]);
  useEffect(() => {
    if (feedback) next.current?.focus();
  }, [feedback]);

  const exitTo = preview ? `/games/${assignmentId}/builder` : '/players';
  const exitLabel = preview ? t('player.backToGame') : t('player.backToGames');
  if (error)
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-3xl bg-white p-8 text-center shadow-md"
      >
        <XCircle aria-hidden="true" className="size-12 text-rose-600" />
        <p className="text-xl font-semibold text-slate-900">{error}</p>
        <Link
          to={exitTo}
          className="inline-flex min-h-11 items-center rounded-xl bg-teal-700 px-5 text-lg font-bold text-white hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-teal-600"
        >
          {exitLabel}
        </Link>
      </div>
    );
  if (!session) return <FullPageSpinner />;
  if (session.status === 'COMPLETED')
    return <EndScreen session={session} exitTo={exitTo} exitLabel={exitLabel} preview={preview} />;

  const submit = async (a: PlayActivity, answer: PlayerAnswer) => {
    const body = {
      activity_id: a.id,
      answer,
      client_try_id: newTryId(),
      elapsed_ms: Math.min(3_600_000, Math.max(0, Date.now() - shownAt.current)),
    };
    setBusy(true);
    try {
      const res = preview
        ? await api.post<{ data: TryResult }>(
            `/api/player/preview/${assignmentId}/tries`,
            { activity_id: a.id, answer, try_number: a.tries.length + 1 },
            { silent: true },
          )
        : await api.post<{ data: TryResult }>(`/api/player/sessions/${session.id}/tries`, body, { silent: true });
      const r = res.data;
      // A preview keeps nothing on the server: its totals are counted here.
      if (preview)
        r.session = {
          points: session.points + r.points,
          total_right: session.total_right + (r.correct ? 1 : 0),
          total_wrong: session.total_wrong + (r.correct ? 0 : 1),
        };
      const tries = [...a.tries, { correct: r.correct, points: r.points }];
      const updated: PlayActivity = {
        ...a,
        tries,
        tries_left: r.tries_left,
        done: r.done,
        points: a.points + r.points,
        ...(r.correct_answer ? { correct_answer: r.correct_answer } : {}),
      };
      setSession({
        ...session,
        status: 'PLAYING',
        ...r.session,
        activities: session.activities.map((x) => (x.id === a.id ? updated : x)),
      });
      setFeedback(
        r.correct
          ? { kind: 'right', points: r.points }
          : r.done
            ? { kind: 'over', answer: answerText(a, r.correct_answer) }
            : { kind: 'again', triesLeft: r.tries_left },
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0 && !preview) {
        await queueTry({ ...body, session_id: session.id, queued_at: Date.now() });
        setWaiting(new Set([...waiting, a.id]));
        setFeedback({ kind: 'saved' });
      } else setError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
    }
  };

  const goOn = () => {
    setFeedback(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const finish = async () => {
    if (preview) {
      const { score, passed } = sessionScore(session.points, session.activities.length, {
        ...session.rules,
        point_second_try: 0,
        point_third_try: 0,
      });
      setSession({ ...session, status: 'COMPLETED', score, passed });
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<{ data: PlaySession }>(
        `/api/player/sessions/${session.id}/finish`,
        {},
        { silent: true },
      );
      setSession(res.data);
      await queryClient.invalidateQueries({ queryKey: ['player'] });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('alerts.unsatisfactory'));
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    if (preview) {
      void navigate(exitTo);
      return;
    }
    await api.post(`/api/player/sessions/${session.id}/leave`, {}, { silent: true }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: ['player'] });
    void navigate('/players');
  };

  const total = session.activities.length;
  const finished = session.activities.filter((a) => a.done).length;
  const misses = session.activities.reduce((n, a) => n + a.tries.filter((x) => !x.correct).length, 0);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      {preview && <PreviewNote />}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{session.game.name}</h2>
        <button
          type="button"
          onClick={() => (preview ? void leave() : setLeaving(true))}
          className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-4 focus-visible:outline-teal-600"
        >
          <LogOut aria-hidden="true" className="size-5" />
          {preview ? t('player.leavePreview') : t('player.leave')}
        </button>
      </div>
      {session.rules.show_progress_bar && (
        <div
          role="progressbar"
          aria-label={t('player.progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={finished}
          aria-valuetext={t('player.progressText', { done: finished, total })}
          className="h-4 overflow-hidden rounded-full bg-white ring-1 ring-teal-200"
        >
          <div
            className="h-full rounded-full bg-teal-600 transition-[width]"
            style={{ width: `${(finished / Math.max(1, total)) * 100}%` }}
          />
        </div>
      )}
      {session.rules.show_failed_attemps && misses > 0 && (
        <p className="text-slate-700">{t('player.misses', { count: misses })}</p>
      )}
      {waiting.size > 0 && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-amber-100 px-4 py-2 font-medium text-amber-950"
        >
          <CloudOff aria-hidden="true" className="size-5" />
          {t('player.offline', { count: waiting.size })}
        </p>
      )}
      {current && !feedback ? (
        <section
          aria-labelledby="play-activity"
          className="rounded-3xl bg-white p-4 shadow-md ring-1 ring-teal-100 sm:p-6"
        >
          <h3
            id="play-activity"
            ref={heading}
            tabIndex={-1}
            className="mb-4 text-lg font-semibold text-teal-800 focus:outline-none"
          >
            {t('player.activityOf', { position, total })}
            {current.tries.length > 0 && (
              <span className="ml-2 text-slate-600">{t('player.tryOf', { n: current.tries.length + 1, max: 3 })}</span>
            )}
          </h3>
          {current.kind === 'sentence' ? (
            <SentencePractice
              key={`${current.id}:${current.tries.length}`}
              activity={current}
              disabled={busy}
              onCheck={(words) => void submit(current, { words })}
            />
          ) : (
            <MultipleChoice
              key={`${current.id}:${current.tries.length}`}
              activity={current}
              disabled={busy}
              onChoose={(index) => void submit(current, { index })}
            />
          )}
        </section>
      ) : null}
      {feedback && (
        <section
          aria-live="polite"
          className="flex flex-col items-center gap-4 rounded-3xl bg-white p-6 text-center shadow-md ring-1 ring-teal-100"
        >
          {feedback.kind === 'right' && (
            <p className="flex items-center gap-2 text-2xl font-bold text-emerald-700">
              <CheckCircle2 aria-hidden="true" className="size-9" />
              {t('player.right', { count: feedback.points ?? 0 })}
            </p>
          )}
          {feedback.kind === 'again' && (
            <p className="flex items-center gap-2 text-2xl font-bold text-rose-700">
              <XCircle aria-hidden="true" className="size-9" />
              {t('player.tryAgain', { count: feedback.triesLeft ?? 0 })}
            </p>
          )}
          {feedback.kind === 'over' && (
            <div className="flex flex-col gap-1">
              <p className="text-2xl font-bold text-slate-800">{t('player.theAnswerWas')}</p>
              <p className="text-2xl font-semibold text-teal-800">{feedback.answer}</p>
            </div>
          )}
          {feedback.kind === 'saved' && (
            <p className="text-xl font-semibold text-amber-900">{t('player.savedOffline')}</p>
          )}
          <button
            ref={next}
            type="button"
            onClick={goOn}
            className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-teal-700 px-6 text-lg font-bold text-white hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {feedback.kind === 'again' ? t('player.tryAgainButton') : t('player.next')}
            <ArrowRight aria-hidden="true" className="size-5" />
          </button>
        </section>
      )}
      {!current && !feedback && (
        <section className="flex flex-col items-center gap-4 rounded-3xl bg-white p-6 text-center shadow-md">
          {waiting.size > 0 ? (
            <p className="text-xl font-semibold text-slate-800">{t('player.waitingToSave')}</p>
          ) : (
            <>
              <p className="text-2xl font-bold text-slate-900">{t('player.allDone')}</p>
              <button
                type="button"
                disabled={busy}
                onClick={() => void finish()}
                className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-teal-700 px-6 text-lg font-bold text-white hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60"
              >
                <Star aria-hidden="true" className="size-5" />
                {t('player.seeScore')}
              </button>
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        open={leaving}
        title={t('player.leaveTitle')}
        confirmLabel={t('player.leave')}
        onConfirm={() => void leave()}
        onClose={() => setLeaving(false)}
      >
        {t('player.leaveText')}
      </ConfirmDialog>
    </div>
  );
}

/** Above a preview: what it is, and that nothing is kept. */
function PreviewNote() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-xl bg-violet-100 px-4 py-2 font-medium text-violet-950 ring-1 ring-violet-200"
    >
      <Eye aria-hidden="true" className="size-5 shrink-0" />
      {t('player.previewNote')}
    </p>
  );
}

/** The end of a game: the score the server computed, stars, and a short celebration (still under reduced motion). */
function EndScreen({
  session,
  exitTo,
  exitLabel,
  preview,
}: {
  session: PlaySession;
  exitTo: string;
  exitLabel: string;
  preview: boolean;
}) {
  const { t, i18n } = useTranslation();
  const score = session.score ?? 0;
  const stars = starsFor(score, session.rules.min_rate);
  return (
    <section
      aria-labelledby="play-end"
      className="mx-auto flex max-w-lg flex-col items-center gap-5 rounded-3xl bg-white p-8 text-center shadow-lg ring-1 ring-amber-200"
    >
      {preview && <PreviewNote />}
      {/* The app's own drawings (an emoji font is not on every tablet): a party popper, or a seedling. */}
      <ActivityPicture
        picture={session.passed ? '1f389' : '1f331'}
        alt=""
        className="size-20 motion-safe:animate-bounce"
      />
      <h2 id="play-end" className="text-3xl font-bold text-slate-900">
        {t(session.passed ? 'player.passedTitle' : 'player.keepPracticing')}
      </h2>
      <p className="flex gap-1" role="img" aria-label={t('player.stars', { count: stars })}>
        {[1, 2, 3].map((n) => (
          <Star
            key={n}
            aria-hidden="true"
            className={`size-12 ${n <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
          />
        ))}
      </p>
      <p className="text-2xl font-semibold text-teal-800">
        {t('player.score', { score: formatNumber(i18n.language, score) })}
      </p>
      <p className="text-slate-700">
        {t('player.rightCount', { right: session.total_right, total: session.activities.length })}
      </p>
      <Link
        to={exitTo}
        className="inline-flex min-h-12 items-center rounded-xl bg-teal-700 px-6 text-lg font-bold text-white hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {exitLabel}
      </Link>
    </section>
  );
}
