import { useTranslation } from 'react-i18next';
import { ActivityPicture, ListenButton } from './media';
import type { MultipleChoiceShown } from './model';

type Props = {
  activity: MultipleChoiceShown;
  /** Called with the index of the chosen answer. */
  onChoose: (index: number) => void;
  disabled?: boolean;
};

/**
 * Multiple choice answers (docs/product.md §4): a question, optionally with a picture and an audio
 * prompt, and 2–6 answers shown as large cards (a picture, a text, or both). One tap or Enter chooses.
 */
export function MultipleChoice({ activity, onChoose, disabled }: Props) {
  const { t } = useTranslation();
  const pictured = activity.answers.some((a) => a.picture);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        {activity.audio && <ListenButton audio={activity.audio} label={t('activity.theQuestion')} />}
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{activity.question}</h2>
      </div>
      {activity.picture && (
        <ActivityPicture
          picture={activity.picture}
          alt={t('activity.pictureForQuestion')}
          className="mx-auto size-36 sm:size-44"
        />
      )}
      <ul
        className={pictured ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'flex flex-col gap-3'}
        aria-label={t('activity.answers')}
      >
        {activity.answers.map((a, i) => (
          <li key={i}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChoose(i)}
              aria-label={a.text || a.alt || t('activity.answerNumber', { number: i + 1 })}
              className="flex min-h-16 w-full flex-col items-center justify-center gap-2 rounded-2xl bg-white p-3 text-xl font-semibold text-slate-900 shadow-sm ring-2 ring-slate-200 transition hover:bg-amber-50 hover:ring-amber-400 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60 sm:text-2xl"
            >
              {a.picture && <ActivityPicture picture={a.picture} alt="" className="size-24 sm:size-28" />}
              {a.text && <span>{a.text}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
