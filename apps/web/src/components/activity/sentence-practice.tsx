import { clsx } from 'clsx';
import { Undo2 } from 'lucide-react';
import { useRef, useState, type PointerEvent } from 'react';
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
 * back. Every tile is a button, so a keyboard or a switch works the same as a finger. A tile can
 * also be dragged (mouse, pen, touch: pointer events): into the sentence, where it lands between the
 * words it is dropped between; within it, to move a word; out of it, to send a word back.
 */
export function SentencePractice({ activity, onCheck, disabled }: Props) {
  const { t } = useTranslation();
  // Tiles by their index in the row: the same word may appear twice.
  const [placed, setPlaced] = useState<number[]>([]);
  const { tiles } = activity;
  const free = tiles.map((_, i) => i).filter((i) => !placed.includes(i));
  const words = placed.map((i) => tiles[i]!);
  const zone = useRef<HTMLElement>(null);
  const drag = useRef<{ tile: number; pointerId: number; x: number; y: number; moved: boolean } | null>(null);
  /** A drag ends with a click on the same tile: it must not also act as a tap. */
  const dragged = useRef(false);
  const [ghost, setGhost] = useState<{ tile: number; x: number; y: number } | null>(null);

  /** Where a tile dropped at (x, y) goes among the placed words: before the first one after it in reading order. */
  const dropIndex = (x: number, y: number, without: number): number => {
    const buttons = [...(zone.current?.querySelectorAll<HTMLElement>('[data-placed]') ?? [])].filter(
      (b) => Number(b.dataset.placed) !== without,
    );
    const at = buttons.findIndex((b) => {
      const r = b.getBoundingClientRect();
      return y < r.top || (y <= r.bottom && x < r.left + r.width / 2);
    });
    return at === -1 ? buttons.length : at;
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, tile: number) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { tile, pointerId: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    d.moved = true;
    setGhost({ tile: d.tile, x: e.clientX, y: e.clientY });
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    setGhost(null);
    if (!d || !d.moved) return;
    dragged.current = true;
    // The click that may follow comes in this same task; later taps are taps again.
    setTimeout(() => (dragged.current = false), 0);
    const r = zone.current?.getBoundingClientRect();
    const inside = !!r && e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    const rest = placed.filter((p) => p !== d.tile);
    if (inside) {
      const at = dropIndex(e.clientX, e.clientY, d.tile);
      setPlaced([...rest.slice(0, at), d.tile, ...rest.slice(at)]);
    } else setPlaced(rest);
  };
  const dragProps = (tile: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => onPointerDown(e, tile),
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => {
      drag.current = null;
      setGhost(null);
    },
  });
  /** A tap acts; the click that ends a drag does not. */
  const tap = (act: () => void) => () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    act();
  };

  return (
    <div className="flex flex-col gap-5">
      {(activity.picture || activity.audio || activity.prompt) && (
        <div className="flex items-center gap-4">
          {activity.picture && (
            <ActivityPicture
              picture={activity.picture}
              alt={t('activity.pictureForSentence')}
              className="size-28 sm:size-36"
            />
          )}
          {activity.prompt && <p className="text-xl text-slate-800">{activity.prompt}</p>}
          {activity.audio && <ListenButton audio={activity.audio} label={t('activity.theSentence')} />}
        </div>
      )}
      <section
        ref={zone}
        aria-label={t('activity.yourSentence')}
        className="min-h-20 rounded-2xl border-2 border-dashed border-teal-300 bg-teal-50/60 p-3"
      >
        {words.length === 0 ? (
          <p className="py-3 text-center text-lg text-slate-600">{t('activity.tapWords')}</p>
        ) : (
          <ol className="flex flex-wrap gap-2">
            {placed.map((i, at) => (
              <li key={i}>
                <button
                  type="button"
                  disabled={disabled}
                  data-placed={i}
                  onClick={tap(() => setPlaced(placed.filter((p) => p !== i)))}
                  {...dragProps(i)}
                  aria-label={t('activity.removeWord', { word: tiles[i], position: at + 1 })}
                  className={clsx(
                    tile,
                    'touch-none bg-teal-700 text-white ring-teal-800 select-none hover:bg-teal-800',
                    ghost?.tile === i && 'opacity-40',
                  )}
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
                onClick={tap(() => setPlaced([...placed, i]))}
                {...dragProps(i)}
                aria-label={t('activity.addWord', { word: tiles[i] })}
                className={clsx(
                  tile,
                  'touch-none bg-white text-slate-900 ring-slate-300 select-none hover:bg-amber-50 hover:ring-amber-400',
                  ghost?.tile === i && 'opacity-40',
                )}
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
      {ghost && (
        <span
          aria-hidden="true"
          className={clsx(
            tile,
            'pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 bg-amber-300 text-slate-900 ring-amber-500 shadow-lg',
          )}
          style={{ left: ghost.x, top: ghost.y }}
        >
          {tiles[ghost.tile]}
        </span>
      )}
    </div>
  );
}
