import { SAMPLE_PARTS_OF_SPEECH, SENTENCE_TYPES, VERB_TENSES, type Measures } from '@habla/shared/schemas/lsa';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from './assessments-api';
import { formatNumber } from '@/lib/format';

type Card = { key: string; value: ReactNode; detail?: string };

/**
 * "Measures at a glance": one card per measure with its value and the one-line explanation of what
 * it means (for a parent or a teacher as much as for the therapist), then the kinds of sentences,
 * the verb tenses used and the parts of speech, with counts.
 */
export function MeasuresGlance({ measures }: { measures: Measures }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const int = (n: number) => formatNumber(lang, n);
  const cards: Card[] = [
    {
      key: 'utterances',
      value: int(measures.utterances.total),
      detail: t('assessmentScreen.measures.excluded', {
        count: measures.utterances.excluded_unintelligible,
        formatted: int(measures.utterances.excluded_unintelligible),
      }),
    },
    {
      key: 'mlu_w',
      value: formatFixed(measures.mlu_w.value, lang, 3),
      detail: t('assessmentScreen.measures.mluWOf', {
        words: int(measures.mlu_w.words),
        utterances: int(measures.mlu_w.utterances),
      }),
    },
    {
      key: 'mlu_m',
      value: formatFixed(measures.mlu_m.value, lang, 3),
      detail: t('assessmentScreen.measures.mluMOf', {
        morphemes: int(measures.mlu_m.morphemes),
        utterances: int(measures.mlu_m.utterances),
      }),
    },
    { key: 'tnw', value: int(measures.tnw) },
    { key: 'ndw', value: int(measures.ndw) },
    { key: 'ttr', value: formatFixed(measures.ttr, lang, 3) },
    {
      key: 'mattr',
      value: formatFixed(measures.mattr, lang, 3),
      detail: measures.mattr === null ? t('assessmentScreen.measures.mattrShort') : undefined,
    },
    {
      key: 'brown_stage',
      value: t('assessmentScreen.measures.stage', { stage: measures.brown_stage }),
      detail: t(`lsa.stageAges.${measures.brown_stage}`),
    },
  ];
  const tenses = VERB_TENSES.filter((v) => measures.verb_tenses[v] > 0);
  const parts = SAMPLE_PARTS_OF_SPEECH.filter((p) => measures.parts_of_speech[p] > 0);

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <div key={c.key} className="flex flex-col rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-700">{t(`lsa.measures.${c.key}.label`)}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{c.value}</dd>
            {c.detail && <dd className="text-xs font-medium text-slate-700">{c.detail}</dd>}
            <dd className="mt-2 text-xs text-pretty text-slate-600">{t(`lsa.measures.${c.key}.explanation`)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-5 md:grid-cols-3">
        <CountList
          title={t('assessmentScreen.measures.sentenceTypes')}
          rows={SENTENCE_TYPES.map((s) => [t(`lsa.sentenceTypes.${s}`), int(measures.sentence_types[s])])}
        />
        <CountList
          title={t('assessmentScreen.measures.verbTenses')}
          rows={tenses.map((v) => [t(`lsa.verbTenses.${v}`), int(measures.verb_tenses[v])])}
          empty={t('assessmentScreen.measures.noTenses')}
        />
        <CountList
          title={t('assessmentScreen.measures.partsOfSpeech')}
          rows={parts.map((p) => [t(`lsa.partsOfSpeech.${p}`), int(measures.parts_of_speech[p])])}
          empty={t('assessmentScreen.measures.noWords')}
        />
      </div>
      <p className="text-xs text-slate-600">{t(`lsa.morphemesFrom.${measures.morphemes_from}`)}</p>
    </div>
  );
}

function CountList({ title, rows, empty }: { title: string; rows: [string, string][]; empty?: string }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map(([label, count]) => (
            <li key={label} className="flex justify-between gap-3 py-1.5">
              <span className="text-slate-700">{label}</span>
              <span className="font-medium text-slate-900 tabular-nums">{count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
