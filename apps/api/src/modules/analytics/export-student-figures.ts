import type { StudentFigures, StudentsAnalyticsQuery } from '@habla/shared/schemas/analytics';
import { translate, type Language } from '@habla/shared';
import { csvLine } from '../../crud/csv';
import type { ActorContext } from '../../lib/context';
import { studentFigures } from './student-figures';

/** Students read per statement while exporting (a platform's thousands in a few statements). */
const BATCH = 500;

/** The export's columns, in order: each a figure of a student and its heading's key. */
const COLUMNS: [keyof StudentFigures, string][] = [
  ['full_name', 'student'],
  ['assigned', 'assigned'],
  ['sessions', 'sessions'],
  ['completed', 'completed'],
  ['passed', 'passed'],
  ['mean_score', 'meanScore'],
  ['first_try_rate', 'firstTry'],
  ['tries_per_activity', 'triesPerActivity'],
  ['minutes', 'minutes'],
  ['days_active', 'daysActive'],
  ['last_day', 'lastDay'],
  ['evaluated', 'evaluated'],
  ['words_out_of_place', 'wordsOutOfPlace'],
  ['parts_of_speech', 'partsOfSpeech'],
  ['syntax_error', 'syntaxError'],
];

/**
 * Every student of the caller's scope matching the query, with their figures over the period, as
 * CSV (headings in `lang`, a byte-order mark for spreadsheets): what the screen shows, all pages.
 */
export async function exportStudentFigures(
  ctx: ActorContext,
  q: StudentsAnalyticsQuery,
  lang: Language,
): Promise<{ csv: string; from: string; to: string }> {
  let text = `\uFEFF${csvLine(COLUMNS.map(([, key]) => translate(lang, `analyticsExport.${key}`)))}`;
  let page = 0;
  for (;;) {
    const read = await studentFigures(ctx, { ...q, page, max: BATCH });
    for (const s of read.students) text += csvLine(COLUMNS.map(([field]) => s[field]));
    if ((page + 1) * BATCH >= read.total || read.students.length === 0)
      return { csv: text, from: read.from, to: read.to };
    page += 1;
  }
}
