import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '@/components/resource/file-input';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { CHOICE_OPTIONS, isChoice, type ActivityDraft, type DraftProblems } from './builder-model';
import { PictureField } from '@/components/activity/picture-field';

const AUDIO_TYPES = ['audio/wav', 'audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4'] as const;

type Props = {
  draft: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
  /** Problems found here or by the server, by field (already translated). */
  problems: Partial<Record<keyof DraftProblems, string>>;
  readOnly: boolean;
};

/**
 * The form of one activity, by its answers' kind (the game's type): a sentence practice's target sentence and extra
 * tiles; a multiple choice's question and its 2–6 answers with the right one marked. Both can carry
 * a picture and an audio prompt (recorded, or spoken by the server from the text).
 */
export function ActivityEditor({ draft, onChange, problems, readOnly }: Props) {
  const { t } = useTranslation();
  const radioName = useId();
  const set = (patch: Partial<ActivityDraft>) => onChange({ ...draft, ...patch });
  const answers = draft.answers;

  return (
    <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
      {!isChoice(answers) ? (
        <>
          <TextField
            label={t('builder.target')}
            description={t('builder.targetHelp')}
            value={answers.target}
            error={problems['answers.target']}
            onChange={(e) => set({ answers: { ...answers, target: e.target.value } })}
          />
          <TextField
            label={t('builder.distractors')}
            description={t('builder.distractorsHelp')}
            optionalLabel={t('records.optional')}
            value={(answers.distractors ?? []).join(', ')}
            onChange={(e) =>
              set({
                answers: {
                  ...answers,
                  distractors: e.target.value
                    .split(',')
                    .map((w) => w.trim())
                    .filter((w, i, all) => w || i === all.length - 1),
                },
              })
            }
          />
          <TextField
            label={t('builder.instruction')}
            optionalLabel={t('records.optional')}
            description={t('builder.instructionHelp')}
            value={draft.question}
            onChange={(e) => set({ question: e.target.value })}
          />
        </>
      ) : (
        <TextField
          label={t('builder.question')}
          value={draft.question}
          error={problems.question}
          onChange={(e) => set({ question: e.target.value })}
        />
      )}

      <PictureField
        label={t('builder.picture')}
        value={draft.picture}
        onChange={(picture) => set({ picture })}
        disabled={readOnly}
      />
      {!readOnly && (
        <FileInput
          label={t('builder.audio')}
          optionalLabel={t('records.optional')}
          accept={AUDIO_TYPES}
          value={draft.audio_id}
          onChange={(audio_id) => set({ audio_id })}
          speakText={isChoice(answers) ? draft.question : answers.target}
        />
      )}

      {isChoice(answers) && (
        <fieldset
          className="flex flex-col gap-3"
          aria-describedby={problems['answers.options'] ? `${radioName}-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('builder.answers')}</legend>
          <p className="-mt-1 text-xs text-slate-600">{t('builder.answersHelp', CHOICE_OPTIONS)}</p>
          <ol className="flex flex-col gap-3">
            {answers.options.map((o, i) => {
              const problem = problems[`answers.options.${i}`];
              const update = (patch: Partial<(typeof answers.options)[number]>) =>
                set({
                  answers: { ...answers, options: answers.options.map((x, j) => (j === i ? { ...x, ...patch } : x)) },
                });
              return (
                <li key={i} className="rounded-xl border border-slate-200 bg-slate-50/60 p-3">
                  <div className="flex flex-wrap items-end gap-3">
                    <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-800">
                      <input
                        type="radio"
                        name={radioName}
                        checked={answers.correct === i}
                        onChange={() => set({ answers: { ...answers, correct: i } })}
                        className="size-5 accent-teal-700"
                        aria-label={t('builder.correctAnswer', { number: i + 1 })}
                      />
                      <span aria-hidden="true">{t('builder.correct')}</span>
                    </label>
                    <TextField
                      className="min-w-40 flex-1"
                      label={t('builder.answerText', { number: i + 1 })}
                      value={o.text ?? ''}
                      error={problem}
                      onChange={(e) => update({ text: e.target.value })}
                    />
                    <Button
                      variant="ghost"
                      size="md"
                      disabled={answers.options.length <= CHOICE_OPTIONS.min}
                      onClick={() =>
                        set({
                          answers: {
                            options: answers.options.filter((_, j) => j !== i),
                            correct:
                              answers.correct === i ? 0 : answers.correct > i ? answers.correct - 1 : answers.correct,
                          },
                        })
                      }
                      aria-label={t('builder.removeAnswer', { number: i + 1 })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                  <div className="mt-2">
                    <PictureField
                      label={t('builder.answerPicture', { number: i + 1 })}
                      value={o.picture ?? null}
                      onChange={(picture, word) => update({ picture, alt: picture ? (word ?? o.alt ?? null) : null })}
                      disabled={readOnly}
                      compact
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          {problems['answers.options'] && (
            <p id={`${radioName}-error`} className="text-sm text-red-700">
              {problems['answers.options']}
            </p>
          )}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={answers.options.length >= CHOICE_OPTIONS.max}
              onClick={() => set({ answers: { ...answers, options: [...answers.options, { text: '' }] } })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('builder.addAnswer')}
            </Button>
          </div>
        </fieldset>
      )}
    </fieldset>
  );
}
