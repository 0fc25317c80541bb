import { translate, type Language, type MessageParams } from '@habla/shared';
import type { StudentDay, StudentFigures, StudentMeasurePoint } from '@habla/shared/schemas/analytics';
import { formatNumber } from '../assessments/proposals';
import { reportPage } from '../assessments/report-page';
import { dayFormat, pageFooters, pdfTable } from './pdf-table';

/**
 * A student's progress over a period as a PDF a parent can read (docs/product.md §6,
 * docs/decisions/029-reports.md): who and when, the period's figures of the students analytics in
 * plain words, a chart of the mean score by day drawn with pdfkit's own lines and rectangles, the
 * same days as a table, the language-sample measures of the assessments completed in the period,
 * and the therapist's note. The faces and the text of what people typed (names, the note) are the
 * assessment report's (decision 020), so any script prints the same on any reader.
 */
export type ProgressReportInput = {
  lang: Language;
  student: string;
  /** Who asked for it (their name), and their account's name when they have one. */
  preparedBy: string;
  account: string | null;
  from: string;
  to: string;
  figures: StudentFigures;
  days: StudentDay[];
  measures: StudentMeasurePoint[];
  note: string | null;
  now: Date;
};

const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#0f766e';
const BAR = '#14b8a6';
const RULE = '#d1d5db';
const PANEL = '#f1f5f9';

/** The measures of a language sample a parent reads, in the order printed. */
const MEASURE_KEYS = ['mlu_m', 'mlu_w', 'ndw', 'tnw', 'brown_stage'] as const;

export async function drawProgressReport(r: ProgressReportInput): Promise<Buffer> {
  const t = (key: string, params?: MessageParams) => translate(r.lang, `progressReport.${key}`, params);
  const locale = r.lang === 'es' ? 'es-ES' : 'en-US';
  const date = dayFormat(locale);
  const shortFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const short = (iso: string) => shortFormat.format(new Date(`${iso}T00:00:00Z`));
  const n = (x: number, d = 1) => formatNumber(r.lang, x, d);
  const pct = (x: number | null) => (x === null ? '—' : `${n(x)} %`);
  const page = reportPage({
    lang: locale,
    title: `${t('title')}: ${r.student}`,
    author: r.preparedBy,
    subject: t('periodLine', { from: date(r.from), to: date(r.to) }),
    accent: ACCENT,
  });
  const { doc, left, width, write } = page;
  const done = page.bytes;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const heading = (text: string, room = 120) =>
    page.heading(text, { before: 1, after: 0.5, reserve: doc.page.margins.bottom + room });
  const labelled = (label: string, value: string) =>
    write([{ text: `${label}: `, weight: 'bold' }, { text: value }], 10.5, INK, { direction: 'ltr' });
  const muted = (text: string) => write([{ text }], 10, MUTED, { lineGap: 2 });

  // Title and who.
  doc.font('bold').fontSize(20).fillColor(INK).text(t('title'), left, doc.y, { width });
  if (r.account) write([{ text: r.account }], 10, MUTED, { direction: 'ltr' });
  doc.moveDown(0.8);
  labelled(t('student'), r.student);
  labelled(t('period'), t('periodLine', { from: date(r.from), to: date(r.to) }));
  labelled(t('preparedBy'), r.preparedBy);

  // The period's figures: six boxes, three to a row, each a figure and what it counts.
  const f = r.figures;
  heading(t('summary'));
  const boxes: [string, string, string][] = [
    [t('gamesPlayed'), n(f.sessions, 0), t('gamesPlayedHelp')],
    [t('gamesPassed'), n(f.passed, 0), t('gamesPassedHelp')],
    [t('meanScore'), pct(f.mean_score), t('meanScoreHelp')],
    [t('firstTry'), pct(f.first_try_rate), t('firstTryHelp')],
    [t('time'), t('minutes', { count: n(f.minutes, 0) }), t('timeHelp')],
    [t('daysPlayed'), n(f.days_active, 0), t('daysPlayedHelp')],
  ];
  const gap = 10;
  const boxW = (width - 2 * gap) / 3;
  const boxH = 74;
  for (let row = 0; row < 2; row++) {
    const y = doc.y;
    for (let col = 0; col < 3; col++) {
      const [label, value, help] = boxes[row * 3 + col]!;
      const x = left + col * (boxW + gap);
      doc.roundedRect(x, y, boxW, boxH, 6).fillColor(PANEL).fill();
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(MUTED)
        .text(label, x + 10, y + 8, { width: boxW - 20 });
      doc
        .font('bold')
        .fontSize(18)
        .fillColor(INK)
        .text(value, x + 10, y + 24, { width: boxW - 20 });
      doc
        .font('body')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(help, x + 10, y + 48, { width: boxW - 20, lineGap: 0.5 });
    }
    doc.x = left;
    doc.y = y + boxH + gap;
  }
  if (f.sessions === 0) muted(t('noPlays'));
  // Days in a row (docs/product.md §6: the current run ends on the period's last day or the day before).
  else
    muted(
      f.current_streak > 0
        ? t('streaksNow', { count: f.longest_streak, current: f.current_streak })
        : t('streaks', { count: f.longest_streak }),
    );

  // The mean score by day: bars on a 0–100 % axis, one per day with a score, evenly spaced (decision 027).
  const scored = r.days.filter((d) => d.mean_score !== null);
  heading(t('chartTitle'), 220);
  if (!scored.length) muted(t('chartNone'));
  else {
    const chartH = 150;
    const axisW = 34;
    const top = doc.y + 6;
    const plotX = left + axisW;
    const plotW = width - axisW;
    const base = top + chartH;
    doc.font('body').fontSize(7.5);
    for (const tick of [0, 25, 50, 75, 100]) {
      const y = base - (tick / 100) * chartH;
      doc
        .moveTo(plotX, y)
        .lineTo(plotX + plotW, y)
        .lineWidth(tick === 0 ? 0.8 : 0.3)
        .strokeColor(tick === 0 ? MUTED : RULE)
        .stroke();
      doc.fillColor(MUTED).text(`${tick} %`, left, y - 3.5, { width: axisW - 6, align: 'right', lineBreak: false });
    }
    const slot = plotW / scored.length;
    const barW = Math.max(1, Math.min(28, slot * 0.7));
    // At most about eight labels under the axis, whatever the number of days.
    const every = Math.ceil(scored.length / 8);
    scored.forEach((d, i) => {
      const h = ((d.mean_score ?? 0) / 100) * chartH;
      const x = plotX + i * slot + (slot - barW) / 2;
      doc
        .rect(x, base - h, barW, h)
        .fillColor(BAR)
        .fill();
      if (scored.length <= 16 && h > 0)
        doc
          .font('body')
          .fontSize(7)
          .fillColor(INK)
          .text(n(d.mean_score ?? 0, 0), x - 10, base - h - 10, {
            width: barW + 20,
            align: 'center',
            lineBreak: false,
          });
      if (i % every === 0)
        doc
          .font('body')
          .fontSize(7.5)
          .fillColor(MUTED)
          .text(short(d.day), plotX + i * slot + slot / 2 - 30, base + 4, {
            width: 60,
            align: 'center',
            lineBreak: false,
          });
    });
    doc.x = left;
    doc.y = base + 18;
    muted(
      t('chartWords', {
        first: pct(scored[0]!.mean_score),
        firstDay: date(scored[0]!.day, 'medium'),
        last: pct(scored.at(-1)!.mean_score),
        lastDay: date(scored.at(-1)!.day, 'medium'),
        days: scored.length,
      }),
    );
  }

  // Day by day: the same days as a table, its heading repeated on each page it runs to.
  heading(t('byDay'));
  if (!r.days.length) muted(t('noPlays'));
  else {
    const table = pdfTable(page, [
      { title: t('day'), share: 0.28, align: 'left' },
      { title: t('played'), share: 0.13, align: 'right' },
      { title: t('passed'), share: 0.13, align: 'right' },
      { title: t('score'), share: 0.15, align: 'right' },
      { title: t('firstTryShort'), share: 0.18, align: 'right' },
      { title: t('minutesShort'), share: 0.13, align: 'right' },
    ]);
    r.days.forEach((d, i) =>
      table.row(
        [
          date(d.day, 'medium'),
          String(d.sessions),
          String(d.passed),
          pct(d.mean_score),
          pct(d.first_try_rate),
          String(d.minutes),
        ],
        i % 2 === 1,
      ),
    );
  }

  // The language samples assessed in the period, each with its measures in words.
  heading(t('measures'));
  if (!r.measures.length) muted(t('noMeasures'));
  else {
    muted(t('measuresLead'));
    doc.moveDown(0.3);
    for (const a of r.measures) {
      if (doc.y > bottom() - 90) doc.addPage();
      write([{ text: `${a.title} · ${date(a.day)}`, weight: 'bold' }], 10.5, INK, { direction: 'ltr' });
      const values: Record<(typeof MEASURE_KEYS)[number], string> = {
        mlu_m: n(a.mlu_m, 2),
        mlu_w: n(a.mlu_w, 2),
        ndw: String(a.ndw),
        tnw: String(a.tnw),
        brown_stage: a.brown_stage,
      };
      for (const key of MEASURE_KEYS)
        write(
          [
            { text: `${translate(r.lang, `lsa.measures.${key}.label`)}: `, weight: 'bold' },
            { text: values[key] },
            { text: ` — ${translate(r.lang, `lsa.measures.${key}.explanation`)}`, color: MUTED },
          ],
          9.5,
          INK,
          { direction: 'ltr', lineGap: 1 },
        );
      doc.moveDown(0.5);
    }
  }

  if (r.note?.trim()) {
    heading(t('note'), 80);
    write([{ text: r.note.trim() }], 10.5, INK, { lineGap: 2 });
  }
  doc.moveDown(1.2);
  write([{ text: t('generated', { date: date(r.now.toISOString()) }) }], 9, MUTED, { direction: 'ltr' });

  pageFooters(page, (at, pages) => t('footer', { page: at, pages }));
  doc.end();
  return done;
}
