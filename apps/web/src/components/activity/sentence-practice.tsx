import { clsx } from 'clsx';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityPicture, ListenButton } from './media';
import type { SentencePracticeShown } from './model';

type Props = {
  activity: SentencePracticeShown;
  /** Called with the words in the order the student built them. */
  onCheck: (words: string[]) => void;
  /** While an answer is being checked or after the activity is done. */
  disabled?: boolean;
};

const tile =
  'min-h-12 rounded-xl px-4 py-2 text-xl font-semibold shadow-sm ring-1 transition focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600 sm:text-2xl';

/**
 * Sentence practice (docs/product.md §4): the student builds the sentence from shuffled word tiles.
 * Tapping or pressing a tile (Enter/Space) moves it to the sentence; tapping a placed word sends it
 * back. Every tile is a button, so a keyboard or a switch works the same as a finger.
 */
export function SentencePractice({ activity, onCheck, disabled }: Props) {
  const { t } = useTranslation();
  // Tiles by their index in the row: the same word may appear twice.
  const [placed, setPlaced] = useState<number[]>([]);
  const { tiles } = activity;
  const free = tiles.map((_, i) => i).filter((i) => !placed.includes(i));
  const words = placed.map((i) => tiles[i]!);

  return (
    <div className="flex flex-col gap-5">
      {(activity.picture || activity.audio || activity.prompt) && (
        <div className="flex items-center gap-4">
          {activity.picture && <ActivityPicture picture={activity.picture} alt={t('activity.pictureForSentence')} className="size-28 sm:size-36" />}
          {activity.prompt && <p className="text-xl text-slate-800">{activity.prompt}</p>}
          {activity.audio && <ListenButton audio={activity.audio} label={t('activity.theSentence')} />}
        </div>
      )}
      <section aria-label={t('activity.yourSentence')} className="min-h-20 rounded-2xl border-2 border-dashed border-teal-300 bg-teal-50/60 p-3">
        {words.length === 0 ? (
          <p className="py-3 text-center text-lg text-slate-600">{t('activity.tapWords')}</p>
        ) : (
          <ol className="flex flex-wrap gap-2">
            {placed.map((i, at) => (
              <li key={i}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => setPlaced(placed.filter((p) => p !== i))}
                  aria-label={t('activity.removeWord', { word: tiles[i], position: at + 1 })}
                  className={clsx(tile, 'bg-teal-700 text-white ring-teal-800 hover:bg-teal-800')}
                >
                  {tiles[i]}
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-label={t('activity.wordTiles')}>
        <ul className="flex flex-wrap gap-2">
          {free.map((i) => (
            <li key={i}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => setPlaced([...placed, i])}
                aria-label={t('activity.addWord', { word: tiles[i] })}
                className={clsx(tile, 'bg-white text-slate-900 ring-slate-300 hover:bg-amber-50 hover:ring-amber-400')}
              >
                {tiles[i]}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={disabled || placed.length === 0}
          onClick={() => setPlaced(placed.slice(0, -1))}
          className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-white px-4 text-lg font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-4 focus-visible:outline-teal-600 disabled:opacity-50"
        >
          <Undo2 aria-hidden="true" className="size-5" />
          {t('activity.undo')}
        </button>
        <button
          type="button"
          disabled={disabled || placed.length === 0}
          onClick={() => onCheck(words)}
          className="min-h-12 rounded-xl bg-teal-700 px-6 text-lg font-bold text-white shadow hover:bg-teal-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-50"
        >
          {t('activity.check')}
        </button>
      </div>
    </div>
  );
}
