import { translate, type Language, type MessageParams } from '@habla/shared';
import type { StudentFigures } from '@habla/shared/schemas/analytics';
import type { CaseloadMeasure } from '@habla/shared/schemas/reports';
import { formatNumber } from '../assessments/proposals';
import { reportPage } from '../assessments/report-page';
import { dayFormat, pageFooters, pdfTable, TABLE_COLORS } from './pdf-table';

/**
 * The caseload summary as a PDF (docs/product.md §6, docs/decisions/029-reports.md): every student of
 * the requester's analytics scope over a period, by last name, with the measures chosen of the
 * students analytics' own figures (headed as that screen's CSV), after four totals in words. The
 * names are drawn as people typed them (any script).
 */
export type CaseloadSummaryInput = {
  lang: Language;
  preparedBy: string;
  account: string | null;
  from: string;
  to: string;
  /** The columns after the name, in order (at most CASELOAD_PDF_MAX_MEASURES). */
  measures: CaseloadMeasure[];
  students: StudentFigures[];
  /** How many students the scope holds (more than listed when past CASELOAD_SUMMARY_MAX). */
  total: number;
  now: Date;
};

const ACCENT = '#0f766e';

export async function drawCaseloadSummary(r: CaseloadSummaryInput): Promise<Buffer> {
  const t = (key: string, params?: MessageParams) => translate(r.lang, `caseloadSummary.${key}`, params);
  const p = (key: string, params?: MessageParams) => translate(r.lang, `progressReport.${key}`, params);
  const locale = r.lang === 'es' ? 'es-ES' : 'en-US';
  const date = dayFormat(locale);
  const n = (x: number, d = 0) => formatNumber(r.lang, x, d);
  const dec = (x: number | null, d: number) => (x === null ? '—' : n(x, d));
  // Each measure's cell; the headings (the CSV's) say which are percents.
  const cell: Record<CaseloadMeasure, (s: StudentFigures) => string> = {
    assigned: (s) => n(s.assigned),
    sessions: (s) => n(s.sessions),
    completed: (s) => n(s.completed),
    passed: (s) => n(s.passed),
    meanScore: (s) => dec(s.mean_score, 1),
    firstTry: (s) => dec(s.first_try_rate, 1),
    triesPerActivity: (s) => dec(s.tries_per_activity, 2),
    minutes: (s) => n(s.minutes),
    daysActive: (s) => n(s.days_active),
    lastDay: (s) => (s.last_day ? date(s.last_day, 'medium') : '—'),
    longestStreak: (s) => n(s.longest_streak),
    currentStreak: (s) => n(s.current_streak),
    evaluated: (s) => n(s.evaluated),
    wordsOutOfPlace: (s) => n(s.words_out_of_place),
    partsOfSpeech: (s) => n(s.parts_of_speech),
    syntaxError: (s) => n(s.syntax_error),
  };
  const period = p('periodLine', { from: date(r.from), to: date(r.to) });
  const page = reportPage({ lang: locale, title: t('title'), author: r.preparedBy, subject: period, accent: ACCENT });
  const { doc, left, width, write } = page;
  const { ink, muted, panel } = TABLE_COLORS;
  const labelled = (label: string, value: string) =>
    write([{ text: `${label}: `, weight: 'bold' }, { text: value }], 10.5, ink, { direction: 'ltr' });

  doc.font('bold').fontSize(20).fillColor(ink).text(t('title'), left, doc.y, { width });
  if (r.account) write([{ text: r.account }], 10, muted, { direction: 'ltr' });
  doc.moveDown(0.8);
  labelled(p('period'), period);
  labelled(p('preparedBy'), r.preparedBy);

  // Four totals: students, those who played, games played, minutes.
  const played = r.students.filter((s) => s.sessions > 0).length;
  const sum = (k: 'sessions' | 'passed' | 'minutes') => r.students.reduce((a, s) => a + s[k], 0);
  const boxes: [string, string][] = [
    [t('students'), n(r.total)],
    [t('playedStudents'), n(played)],
    [p('gamesPlayed'), n(sum('sessions'))],
    [p('time'), p('minutes', { count: n(sum('minutes')) })],
  ];
  page.heading(t('summary'), { before: 1, after: 0.5, reserve: doc.page.margins.bottom + 120 });
  const gap = 10;
  const boxW = (width - 3 * gap) / 4;
  const y = doc.y;
  boxes.forEach(([label, value], i) => {
    const x = left + i * (boxW + gap);
    doc.roundedRect(x, y, boxW, 56, 6).fillColor(panel).fill();
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor(muted)
      .text(label, x + 10, y + 8, { width: boxW - 20 });
    doc
      .font('bold')
      .fontSize(16)
      .fillColor(ink)
      .text(value, x + 10, y + 28, { width: boxW - 20 });
  });
  doc.x = left;
  doc.y = y + 56 + gap;

  page.heading(t('byStudent'), { before: 1, after: 0.5, reserve: doc.page.margins.bottom + 120 });
  if (r.total > r.students.length)
    write([{ text: t('firstOf', { shown: n(r.students.length), total: n(r.total) }) }], 9.5, muted);
  if (!r.students.length) write([{ text: t('none') }], 10, muted);
  else {
    // The name takes a quarter of the width (more with few measures); the measures share the rest.
    const nameShare = r.measures.length > 6 ? 0.22 : 0.27;
    const table = pdfTable(
      page,
      [
        { title: t('student'), share: nameShare, align: 'left' },
        ...r.measures.map((m) => ({
          title: translate(r.lang, `analyticsExport.${m}`),
          share: (1 - nameShare) / r.measures.length,
          align: 'right' as const,
        })),
      ],
      { typedFirst: true },
    );
    r.students.forEach((s, i) => table.row([s.full_name ?? '', ...r.measures.map((m) => cell[m](s))], i % 2 === 1));
  }
  doc.moveDown(1.2);
  write([{ text: p('generated', { date: date(r.now.toISOString()) }) }], 9, muted, { direction: 'ltr' });
  pageFooters(page, (at, pages) => p('footer', { page: at, pages }));
  doc.end();
  return page.bytes;
}
