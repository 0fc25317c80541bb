import { CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sameSentence } from '@/components/activity/model';
import { MultipleChoice } from '@/components/activity/multiple-choice';
import { SentencePractice } from '@/components/activity/sentence-practice';
import { isChoice, shownActivity, type ActivityDraft, type GameType } from './builder-model';

const DEVICES = { phone: 375, tablet: 768 } as const;
type Device = keyof typeof DEVICES;

/**
 * The activity as the player shows it, while it is being written: the player's own components at a
 * phone's or a tablet's width (scaled down to fit the column), playable, with the right/wrong answer
 * it would get.
 */
export function ActivityPreview({ type, draft, seed }: { type: GameType; draft: ActivityDraft; seed: string }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>('phone');
  const [result, setResult] = useState<'right' | 'wrong' | null>(null);
  const [round, setRound] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const width = DEVICES[device];
  const shown = shownActivity(type, draft, seed);
  // A changed activity is a new try.
  const version = JSON.stringify(shown);
  useEffect(() => setResult(null), [version]);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setScale(Math.min(1, (entry?.contentRect.width ?? width) / width)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);

  const check = (right: boolean) => setResult(right ? 'right' : 'wrong');

  return (
    <section aria-labelledby="builder-preview" className="rounded-2xl border border-slate-200 bg-slate-100 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="builder-preview" className="text-lg font-semibold text-slate-900">
          {t('builder.preview')}
        </h2>
        <div
          role="radiogroup"
          aria-label={t('builder.previewWidth')}
          className="inline-flex rounded-lg bg-white p-1 ring-1 ring-slate-200"
        >
          {(Object.keys(DEVICES) as Device[]).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={device === d}
              onClick={() => setDevice(d)}
              className={`rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600 ${device === d ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
            >
              {t(`builder.device.${d}`, { width: DEVICES[d] })}
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="w-full overflow-hidden">
        <div style={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }} data-testid="preview-frame">
          <div className="rounded-[1.75rem] border-8 border-slate-800 bg-gradient-to-b from-sky-50 to-white p-4 shadow-lg">
            {shown.kind === 'sentence' ? (
              <SentencePractice
                key={`${version}:${round}`}
                activity={shown}
                disabled={result === 'right'}
                onCheck={(words) => !isChoice(draft.answers) && check(sameSentence(words, draft.answers.target))}
              />
            ) : (
              <MultipleChoice
                key={`${version}:${round}`}
                activity={shown}
                disabled={result === 'right'}
                onChoose={(i) => isChoice(draft.answers) && check(i === draft.answers.correct)}
              />
            )}
            <div aria-live="polite" className="mt-4 min-h-8">
              {result === 'right' && (
                <p className="flex items-center gap-2 text-xl font-bold text-emerald-700">
                  <CheckCircle2 aria-hidden="true" className="size-7" />
                  {t('builder.previewRight')}
                </p>
              )}
              {result === 'wrong' && (
                <p className="flex items-center gap-2 text-xl font-bold text-rose-700">
                  <XCircle aria-hidden="true" className="size-7" />
                  {t('builder.previewWrong')}
                </p>
              )}
            </div>
          </div>
        </div>
      </div>
      {result === 'right' && (
        <button
          type="button"
          onClick={() => {
            setResult(null);
            setRound(round + 1);
          }}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-teal-800 hover:underline"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('builder.previewAgain')}
        </button>
      )}
    </section>
  );
}
