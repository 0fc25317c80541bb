import { clsx } from 'clsx';
import { Play, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatClock } from './format';
import type { Utterance, Word } from './recordings-api';

/** Below this confidence a word (or an utterance without word times) is marked for checking. */
export const LOW_CONFIDENCE = 0.5;

const isLow = (confidence: number | null | undefined) => typeof confidence === 'number' && confidence < LOW_CONFIDENCE;
const letters = (s: string) => s.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The words to draw with their confidences, when they still spell the utterance's text (a text
 * corrected by hand no longer matches the engine's words: then the text is drawn as it is).
 */
export function wordsOf(u: Pick<Utterance, 'text' | 'words'>): Word[] | null {
  const words = (u.words ?? []).filter((w) => w.text.trim() !== '');
  if (!words.length) return null;
  return letters(words.map((w) => w.text).join('')) === letters(u.text) ? words : null;
}

const SPEAKER_TONE: Record<Utterance['speaker'], string> = {
  STUDENT: 'bg-teal-50 text-teal-900 ring-teal-200',
  THERAPIST: 'bg-slate-100 text-slate-800 ring-slate-200',
  OTHER: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** A stretch the engine was unsure of: marked, and said after it ("unsure") to screen readers. */
function Unsure({ children, confidence }: { children: ReactNode; confidence?: number }) {
  const { t } = useTranslation();
  return (
    <mark
      className="rounded bg-amber-100 px-0.5 text-inherit underline decoration-amber-700 decoration-dotted underline-offset-4"
      title={
        confidence === undefined ? undefined : t('recordings.unsureTitle', { value: Math.round(confidence * 100) })
      }
      data-low-confidence=""
    >
      {children}
      <span className="sr-only"> {t('recordings.unsure')}</span>
    </mark>
  );
}

type Props = {
  utterances: Utterance[];
  /** Whether the audio can be played in stretches (the decoded WAV exists). */
  canPlay: boolean;
  playing: string | null;
  loading: string | null;
  failed: string | null;
  onPlay: (u: Utterance) => void;
  onStop: () => void;
};

/**
 * The transcript, read-only: each utterance with its speaker, time and text, the words the engine
 * was unsure of marked (and said to screen readers), and a button that plays just that utterance.
 * The transcript editor (a later issue) takes this place with the same utterances and player.
 */
export function TranscriptView({ utterances, canPlay, playing, loading, failed, onPlay, onStop }: Props) {
  const { t } = useTranslation();
  const anyLow = utterances.some((u) => isLow(u.confidence) || u.words?.some((w) => isLow(w.confidence)));
  return (
    <div className="flex flex-col gap-3">
      {anyLow && (
        <p className="text-sm text-slate-600">
          {t('recordings.unsureLegendBefore')} <Unsure>{t('recordings.unsureSample')}</Unsure>{' '}
          {t('recordings.unsureLegendAfter')}
        </p>
      )}
      <ol className="divide-y divide-slate-100" aria-label={t('recordings.transcript')}>
        {utterances.map((u, index) => {
          const n = index + 1;
          const timed = u.start_ms !== null && u.end_ms !== null && u.end_ms > u.start_ms;
          const isPlaying = playing === u.id;
          const words = wordsOf(u);
          const from = formatClock(u.start_ms);
          const to = formatClock(u.end_ms);
          return (
            <li key={u.id} className={clsx('flex gap-3 py-3', isPlaying && '-mx-2 rounded-lg bg-teal-50/70 px-2')}>
              <button
                type="button"
                disabled={!canPlay || !timed}
                onClick={() => (isPlaying ? onStop() : onPlay(u))}
                aria-label={
                  isPlaying ? t('recordings.stopUtterance', { n }) : t('recordings.playUtterance', { n, from, to })
                }
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-teal-800 ring-1 ring-slate-300 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white"
              >
                {loading === u.id ? (
                  <Spinner size="sm" decorative />
                ) : isPlaying ? (
                  <Square className="size-4" aria-hidden="true" />
                ) : (
                  <Play className="size-4" aria-hidden="true" />
                )}
              </button>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  <span className={clsx('rounded-full px-2 py-0.5 font-semibold ring-1', SPEAKER_TONE[u.speaker])}>
                    {t(`recordings.speakers.${u.speaker}`)}
                  </span>
                  {u.start_ms !== null && (
                    <time className="text-slate-600 tabular-nums" dateTime={`PT${(u.start_ms / 1000).toFixed(2)}S`}>
                      {from}
                    </time>
                  )}
                  {failed === u.id && (
                    <span role="alert" className="text-red-700">
                      {t('recordings.playFailed')}
                    </span>
                  )}
                </div>
                <p className="mt-1 text-sm break-words text-slate-900">
                  {!u.text.trim() ? (
                    <span className="text-slate-500 italic">{t('recordings.emptyUtterance')}</span>
                  ) : words ? (
                    words.map((w, i) => (
                      <span key={i}>
                        {i > 0 && ' '}
                        {isLow(w.confidence) ? (
                          <Unsure confidence={w.confidence ?? undefined}>{w.text.trim()}</Unsure>
                        ) : (
                          w.text.trim()
                        )}
                      </span>
                    ))
                  ) : isLow(u.confidence) ? (
                    <Unsure confidence={u.confidence ?? undefined}>{u.text}</Unsure>
                  ) : (
                    u.text
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
