import { translate, type Language } from '@habla/shared';
import type { ActivityFigures, GameFigures } from '@habla/shared/schemas/game-analytics';
import type { StudentFigures } from '@habla/shared/schemas/analytics';
import type { UserFigures } from '@habla/shared/schemas/user-analytics';
import { csvLine } from '../../crud/csv';

/**
 * The analytics' CSV exports (decisions 026, 028): what a screen shows, every page of it, headed in
 * the caller's language (`analyticsExport.*`), with a byte-order mark for spreadsheets.
 */

/** Rows read per statement while exporting (a platform's thousands in a few statements). */
const EXPORT_BATCH = 500;

type Cell = string | number | null;
/** A column: its heading's key and how a row fills it. */
export type Column<Row> = [string, (row: Row) => Cell];
const field =
  <Row, K extends keyof Row>(key: K) =>
  (row: Row) =>
    row[key] as Cell;

export const STUDENT_COLUMNS: Column<StudentFigures>[] = [
  ['student', field('full_name')],
  ['assigned', field('assigned')],
  ['sessions', field('sessions')],
  ['completed', field('completed')],
  ['passed', field('passed')],
  ['meanScore', field('mean_score')],
  ['firstTry', field('first_try_rate')],
  ['triesPerActivity', field('tries_per_activity')],
  ['minutes', field('minutes')],
  ['daysActive', field('days_active')],
  ['lastDay', field('last_day')],
  ['longestStreak', field('longest_streak')],
  ['currentStreak', field('current_streak')],
  ['evaluated', field('evaluated')],
  ['wordsOutOfPlace', field('words_out_of_place')],
  ['partsOfSpeech', field('parts_of_speech')],
  ['syntaxError', field('syntax_error')],
];

export const GAME_COLUMNS: Column<GameFigures>[] = [
  ['game', field('name')],
  ['version', field('version')],
  ['students', field('students')],
  ['sessions', field('sessions')],
  ['completed', field('completed')],
  ['completionRate', field('completion_rate')],
  ['passed', field('passed')],
  ['passRate', field('pass_rate')],
  ['meanScore', field('mean_score')],
  ['firstTry', field('first_try_rate')],
  ['medianSeconds', field('median_seconds')],
];

export const ACTIVITY_COLUMNS: Column<ActivityFigures>[] = [
  ['game', field('game_name')],
  ['position', field('position')],
  ['activity', field('label')],
  ['tried', field('tried')],
  ['rightRate', field('right_rate')],
  ['firstTry', field('first_try_rate')],
  ['triesPerSession', field('tries_per_session')],
  ['meanSeconds', field('mean_seconds')],
  ['leftHere', field('left_here')],
  ['wrongAnswers', (a) => a.wrong_answers.map((w) => `${w.label} (${w.times})`).join('; ')],
];

/** The users' columns: the role in the reader's language. */
export const userColumns = (lang: Language): Column<UserFigures>[] => [
  ['user', field('full_name')],
  ['role', (u) => translate(lang, `enums.role.${u.role}`)],
  ['students', field('students')],
  ['assigned', field('assigned')],
  ['evaluated', field('evaluated')],
  ['waiting', field('waiting')],
  ['recordings', field('recordings')],
  ['assessments', field('assessments')],
  ['lastActive', field('last_active')],
];

/** Every page `read` gives, as CSV with `columns`. */
export async function exportFigures<Row>(
  read: (page: number, max: number) => Promise<{ rows: Row[]; total: number }>,
  columns: Column<Row>[],
  lang: Language,
): Promise<string> {
  let text = `\uFEFF${csvLine(columns.map(([key]) => translate(lang, `analyticsExport.${key}`)))}`;
  for (let page = 0; ; page += 1) {
    const { rows, total } = await read(page, EXPORT_BATCH);
    for (const row of rows) text += csvLine(columns.map(([, cell]) => cell(row)));
    if ((page + 1) * EXPORT_BATCH >= total || rows.length === 0) return text;
  }
}
