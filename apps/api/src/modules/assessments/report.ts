import {
  ERROR_KINDS,
  SAMPLE_PARTS_OF_SPEECH,
  SENTENCE_TYPES,
  translate,
  VERB_TENSES,
  type AssessmentMeasures,
  type Language,
} from '@habla/shared';
import { formatNumber } from './proposals';
import { reportPage } from './report-page';

/**
 * An assessment as a PDF a parent can read, in the account's language: who and when,
 * the sample, each measure with what it means, Brown's stage with its usual age, the kinds of
 * sentences, tenses and parts of speech, the conclusions, the errors coded, the recommendation,
 * notes and summary, and the therapist's name. The faces are embedded (subsets), so every accent
 * prints the same on any reader; what people typed (names, titles, notes, conclusions, utterances)
 * is drawn by report-text.ts in the script they wrote it in (decision 020).
 */

export type ReportInput = {
  lang: Language;
  title: string;
  student: string;
  therapist: string;
  account: string;
  sampleDate: string | null;
  status: string;
  conclusions: { syntax: string | null; tense: string | null; function: string | null; subject: string | null };
  recommendation: string | null;
  notes: string | null;
  summary: string | null;
  analysis: AssessmentMeasures;
  now: Date;
};

/**
 * An utterance as a parent reads it: the words as said, without CHAT's codes (`[: went]`, `[//]`,
 * pauses `(.)`, events `&=laughs`, linkers `+...`); shortenings written out (`(be)cause` →
 * because) and unintelligible speech as an ellipsis.
 */
export function readable(text: string): string {
  return text
    .replace(/\[[^[\]]*\]/g, ' ')
    .replace(/\(\d*\.+\d*\)/g, ' ')
    .replace(/(^|\s)&=\S+/g, ' ')
    .replace(/(^|\s)\+\S+/g, ' ')
    .replace(/[<>()⌈⌉⌊⌋]/g, '')
    .replace(/(^|\s)(xxx|yyy|www)(?=\s|$)/gi, '$1…')
    .replace(/@\S*/g, '')
    .replace(/(?<!\s)\s+([.?!,])/g, '$1')
    .replace(/…[.]/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
}

const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#1d4ed8';
const RULE = '#d1d5db';

export async function renderReport(r: ReportInput): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(r.lang, key, params);
  const n = (x: number, d = 3) => formatNumber(r.lang, x, d);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(r.lang === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${iso.slice(0, 10)}T00:00:00Z`),
        )
      : t('assessments.report.none');
  const page = reportPage({
    lang: r.lang === 'es' ? 'es-ES' : 'en-US',
    title: `${t('assessments.report.title')}: ${r.student}`,
    author: r.therapist,
    subject: r.title,
    accent: ACCENT,
  });
  const { doc, left, width, write } = page;
  const done = page.bytes;
  const heading = (text: string) => page.heading(text, { before: 0.8, after: 0.4, reserve: 140 });
  const paragraph = (text: string | null) =>
    write([{ text: text?.trim() || t('assessments.report.none') }], 10.5, INK, { lineGap: 2 });
  const labelled = (label: string, value: string) =>
    write([{ text: `${label}: `, weight: 'bold' }, { text: value }], 10.5, INK, { direction: 'ltr' });

  // Title and who.
  doc.font('bold').fontSize(20).fillColor(INK).text(t('assessments.report.title'), left, doc.y, { width });
  write([{ text: `${r.account} · ${r.title}` }], 10, MUTED, { direction: 'ltr' });
  doc.moveDown(0.8);
  labelled(t('assessments.report.student'), r.student);
  labelled(t('assessments.report.date'), date(r.sampleDate));
  labelled(t('assessments.report.therapist'), r.therapist);
  labelled(t('assessments.report.status'), t(`enums.assessmentStatus.${r.status}`));
  const m = r.analysis;
  labelled(
    t('assessments.report.sample'),
    t('assessments.report.sampleLine', {
      utterances: m.utterances.total,
      speaker: r.student,
      language: t(`enums.language.${m.language}`),
      excluded: m.utterances.excluded_unintelligible,
    }),
  );

  // Measures: name, value, meaning.
  heading(t('assessments.report.measures'));
  const rows: [string, string, string][] = [
    ['utterances', `${m.mlu_w.utterances} / ${m.utterances.total}`, 'utterances'],
    ['mlu_m', n(m.mlu_m.value), 'mlu_m'],
    ['mlu_w', n(m.mlu_w.value), 'mlu_w'],
    ['tnw', String(m.tnw), 'tnw'],
    ['ndw', String(m.ndw), 'ndw'],
    ['ttr', n(m.ttr), 'ttr'],
    ['mattr', m.mattr === null ? t('assessments.report.none') : n(m.mattr), 'mattr'],
    ['brown_stage', m.brown_stage, 'brown_stage'],
  ];
  const col = [width * 0.3, width * 0.14, width * 0.56];
  doc.font('bold').fontSize(9).fillColor(MUTED);
  const headY = doc.y;
  doc.text(t('assessments.report.measures'), left, headY, { width: col[0] });
  doc.text('', left + col[0]!, headY, { width: col[1] });
  doc.text(t('assessments.report.meaning'), left + col[0]! + col[1]!, headY, { width: col[2] });
  doc.moveDown(0.3);
  for (const [key, value] of rows) {
    if (doc.y > doc.page.height - 110) doc.addPage();
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t(`lsa.measures.${key}.label`), left, y, { width: col[0]! - 8 });
    const h1 = doc.y;
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(ACCENT)
      .text(value, left + col[0]!, y, { width: col[1]! - 8 });
    const h2 = doc.y;
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(t(`lsa.measures.${key}.explanation`), left + col[0]! + col[1]!, y, { width: col[2], lineGap: 1 });
    doc.y = Math.max(h1, h2, doc.y) + 5;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
  }
  doc.moveDown(0.4);
  labelled(
    t('assessments.report.stage'),
    t('assessments.report.stageLine', { stage: m.brown_stage, ages: t(`lsa.stageAges.${m.brown_stage}`) }),
  );
  doc
    .font('body')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(`lsa.morphemesFrom.${m.morphemes_from}`), left, doc.y, { width });
  doc.moveDown(0.3);
  const list = (counts: Record<string, number>, keys: readonly string[], labels: string) =>
    keys
      .filter((k) => (counts[k] ?? 0) > 0)
      .map((k) => `${t(`${labels}.${k}`)} ${counts[k]}`)
      .join(' · ') || t('assessments.report.none');
  labelled(t('assessments.report.sentenceTypes'), list(m.sentence_types, SENTENCE_TYPES, 'lsa.sentenceTypes'));
  labelled(t('assessments.report.verbTenses'), list(m.verb_tenses, VERB_TENSES, 'lsa.verbTenses'));
  labelled(t('assessments.report.partsOfSpeech'), list(m.parts_of_speech, SAMPLE_PARTS_OF_SPEECH, 'lsa.partsOfSpeech'));

  heading(t('assessments.report.conclusions'));
  for (const [key, text] of [
    ['syntax', r.conclusions.syntax],
    ['tense', r.conclusions.tense],
    ['function', r.conclusions.function],
    ['subject', r.conclusions.subject],
  ] as const) {
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(t(`assessments.report.${key}`), left, doc.y, { width });
    paragraph(text);
    doc.moveDown(0.4);
  }

  heading(t('assessments.report.errors'));
  const coded = r.analysis.utterance_list.filter((u) => u.errors.length);
  if (!coded.length) paragraph(t('assessments.report.noErrors'));
  else {
    for (const kind of ERROR_KINDS) {
      const count = coded.filter((u) => u.errors.includes(kind)).length;
      labelled(t(`lsa.errorKinds.${kind}`), t('assessments.report.errorLine', { count }));
    }
    doc.moveDown(0.3);
    for (const u of coded.slice(0, 40)) {
      if (doc.y > doc.page.height - 100) doc.addPage();
      write(
        [
          { text: `${u.index + 1}. ${readable(u.text)}` },
          { text: `  (${u.errors.map((k) => t(`lsa.errorKinds.${k}`)).join(', ')})`, color: MUTED },
        ],
        9.5,
        INK,
        {
          direction: 'ltr',
        },
      );
    }
  }

  heading(t('assessments.report.recommendation'));
  paragraph(r.recommendation);
  heading(t('assessments.report.summary'));
  paragraph(r.summary);
  heading(t('assessments.report.notes'));
  paragraph(r.notes);
  doc.moveDown(1);
  write(
    [{ text: t('assessments.report.generated', { therapist: r.therapist, date: date(r.now.toISOString()) }) }],
    9.5,
    MUTED,
    { direction: 'ltr' },
  );

  // Page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(MUTED)
      .text(t('assessments.report.footer', { page: i + 1, pages: range.count }), left, doc.page.height - 40, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
