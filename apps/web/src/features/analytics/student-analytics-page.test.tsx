import type {
  StudentDay,
  StudentDays,
  StudentFigures,
  StudentGoal,
  StudentGoals,
  StudentMeasures,
} from '@habla/shared/schemas/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// One student over time (decision 027): /analytics/students/:id over GET /api/analytics/students/:id/days
// and /measures; each chart's figures are its table's.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LEO = '22222222-2222-4222-8222-222222222222';
const A1 = '33333333-3333-4333-8333-333333333331';
const A2 = '33333333-3333-4333-8333-333333333332';
const leo = { id: LEO, full_name: 'Leo Walker' };
const dayOf = (day: string, over: Partial<StudentDay> = {}): StudentDay => ({
  day,
  sessions: 2,
  completed: 2,
  passed: 2,
  mean_score: 77.5,
  first_try_rate: 75,
  minutes: 3,
  evaluated: 0,
  words_out_of_place: 0,
  parts_of_speech: 0,
  syntax_error: 0,
  ...over,
});
const DAYS: StudentDays = {
  student: leo,
  from: '2026-02-10',
  to: '2026-03-11',
  days: [
    dayOf('2026-03-10', { evaluated: 1, words_out_of_place: 2, parts_of_speech: 1 }),
    dayOf('2026-03-11', { completed: 1, passed: 1, mean_score: 50, first_try_rate: 33.3 }),
    dayOf('2026-03-12', { completed: 0, passed: 0, mean_score: null, first_try_rate: 0, sessions: 1, minutes: 1 }),
  ],
};
const MEASURES: StudentMeasures = {
  student: leo,
  from: '2025-03-12',
  to: '2026-03-11',
  assessments: [
    {
      id: A1,
      title: 'January',
      sample_date: '2026-01-15',
      completed_at: '2026-01-16T10:00:00.000Z',
      day: '2026-01-15',
      language: 'en',
      utterances: 4,
      mlu_m: 1.75,
      mlu_w: 1.75,
      tnw: 7,
      ndw: 5,
      ttr: 0.714,
      mattr: null,
      brown_stage: 'I',
    },
    {
      id: A2,
      title: 'March',
      sample_date: null,
      completed_at: '2026-03-01T10:00:00.000Z',
      day: '2026-03-01',
      language: 'en',
      utterances: 60,
      mlu_m: 4.125,
      mlu_w: 3.9,
      tnw: 240,
      ndw: 96,
      ttr: 0.4,
      mattr: 0.713,
      brown_stage: 'V',
    },
  ],
};
const goalOf = (
  kind: StudentGoal['kind'],
  id: string,
  name: string,
  name_es: string | null,
  over: Partial<StudentGoal> = {},
): StudentGoal => ({
  kind,
  id,
  name,
  name_es,
  games: 2,
  sessions: 2,
  completed: 2,
  passed: 2,
  mean_score: 77.5,
  first_try_rate: 75,
  minutes: 3,
  ...over,
});
const GOALS: StudentGoals = {
  student: leo,
  from: '2026-02-10',
  to: '2026-03-11',
  goals: [
    goalOf('level', '44444444-4444-4444-8444-444444444441', 'Foundations', null, {
      games: 3,
      sessions: 4,
      completed: 3,
      passed: 3,
      mean_score: 85,
      first_try_rate: 71.4,
      minutes: 4,
    }),
    goalOf('chapter', '44444444-4444-4444-8444-444444444442', 'Everyday nouns', null),
    goalOf('target', '44444444-4444-4444-8444-444444444443', 'Name everyday nouns', 'Nombrar sustantivos cotidianos'),
    goalOf('skill', '44444444-4444-4444-8444-444444444444', 'Vocabulary', 'Vocabulario', {
      games: 1,
      sessions: 1,
      completed: 0,
      passed: 0,
      mean_score: null,
      first_try_rate: 0,
      minutes: 1,
    }),
    goalOf('verb_tense', '44444444-4444-4444-8444-444444444445', 'Simple past', 'Pretérito', {
      games: 1,
      sessions: 1,
      completed: 1,
      passed: 1,
      mean_score: 50,
      first_try_rate: 50,
      minutes: 2,
    }),
  ],
};
/** Leo's period totals as the students analytics answer them: the streaks the page shows. */
const totalsOf = (over: Partial<StudentFigures> = {}): StudentFigures => ({
  ...leo,
  assigned: 3,
  sessions: 5,
  completed: 4,
  passed: 4,
  mean_score: 68.3,
  first_try_rate: 66.7,
  tries_per_activity: 1.5,
  minutes: 7,
  days_active: 3,
  last_day: '2026-03-12',
  longest_streak: 3,
  current_streak: 3,
  evaluated: 1,
  words_out_of_place: 2,
  parts_of_speech: 1,
  syntax_error: 0,
  ...over,
});
const answers = (over: { days?: StudentDays; measures?: StudentMeasures; goals?: StudentGoals } = {}) => {
  return (call: Call) => {
    const { pathname } = call.url;
    if (pathname === `/api/analytics/students/${LEO}/days`) return json({ status: true, data: over.days ?? DAYS });
    if (pathname === `/api/analytics/students/${LEO}/goals`) return json({ status: true, data: over.goals ?? GOALS });
    if (pathname === '/api/analytics/students' && call.url.searchParams.get('student_id') === LEO)
      return json({ status: true, data: { from: DAYS.from, to: DAYS.to, total: 1, students: [totalsOf()] } });
    if (pathname === `/api/analytics/students/${LEO}/measures`)
      return json({ status: true, data: over.measures ?? MEASURES });
    if (pathname === '/api/selector') return json({ status: true, data: [] });
    return undefined;
  };
};

/** What the drawn chart holds: each bar's or point's value of one series, left to right. */
async function charted(region: HTMLElement, series: string): Promise<number[]> {
  await waitFor(() => expect(region.querySelector(`[data-series="${series}"]`)).not.toBeNull());
  return [...region.querySelectorAll(`[data-series="${series}"]`)].map((e) => Number(e.getAttribute('data-value')));
}
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST', { account_id: ACCOUNT });
});
afterEach(() => vi.unstubAllGlobals());

describe('a student’s analytics page', () => {
  it('charts the mean score and first tries by day, and its table shows the same figures', async () => {
    const { calls } = renderApp(`/analytics/students/${LEO}`, answers());
    expect(await screen.findByRole('heading', { name: 'Leo Walker over time', level: 1 })).toBeInTheDocument();
    const days = screen.getByRole('region', { name: 'Games by day' });
    expect(within(days).getByText('Feb 10, 2026 to Mar 11, 2026 · 3 days played')).toBeInTheDocument();
    // The chart: bars of the mean score (none on the day without one), a line of first tries.
    const bars = await charted(days, 'mean_score');
    const line = await charted(days, 'first_try_rate');
    expect(bars).toEqual([77.5, 50]);
    expect(line).toEqual([75, 33.3, 0]);
    // Its text alternative says how each series went.
    expect(within(days).getByText(/^Mean score: from 77\.5 % on Mar 10, 2026 to 50 % on Mar 11, 2026\./)).toBeVisible();
    expect(
      within(days).getByText(/Right at first try: from 75 % on Mar 10, 2026 to 0 % on Mar 12, 2026\.$/),
    ).toBeVisible();

    // The same figures as a table, by keyboard.
    within(days).getByRole('button', { name: 'Table' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(days).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const table = within(days).getByRole('table', { name: /^Mean score and right at first try by day/ });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(headings).toEqual([
      'Day',
      'Mean score',
      'Right at first try',
      'Played',
      'Passed',
      'Minutes',
      'Evaluated errors',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Mar 10, 2026',
      'Mar 11, 2026',
      'Mar 12, 2026',
    ]);
    expect(rows.map((r) => cellsOf(r)[0])).toEqual(['77.5 %', '50 %', '—']);
    expect(rows.map((r) => cellsOf(r)[1])).toEqual(['75 %', '33.3 %', '0 %']);
    // What was charted is what the table shows, value for value.
    expect(rows.flatMap((r) => (cellsOf(r)[0] === '—' ? [] : [cellsOf(r)[0]]))).toEqual(bars.map((v) => `${v} %`));
    expect(rows.map((r) => cellsOf(r)[1])).toEqual(line.map((v) => `${v} %`));
    expect(cellsOf(rows[0]!)).toEqual([
      '77.5 %',
      '75 %',
      '2',
      '2',
      '3',
      '2 order · 1 word type · 0 syntax (1 session)',
    ]);
    expect(calls.find((c) => c.url.pathname.endsWith('/days'))!.url.search).toBe('');
  });

  it('charts the language-sample measures by assessment, with the same figures and each assessment in the table', async () => {
    renderApp(`/analytics/students/${LEO}`, answers());
    const region = await screen.findByRole('region', { name: 'Language-sample measures' });
    expect(within(region).getByText('Mar 12, 2025 to Mar 11, 2026 · 2 completed assessments')).toBeInTheDocument();
    const mluM = await charted(region, 'mlu_m');
    const mluW = await charted(region, 'mlu_w');
    expect(mluM).toEqual([1.75, 4.125]);
    expect(mluW).toEqual([1.75, 3.9]);
    await userEvent.click(within(region).getByRole('button', { name: 'Table' }));
    const rows = within(within(region).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Jan 15, 2026',
      'Mar 1, 2026 (completed; the sample has no date)',
    ]);
    expect(rows.map(cellsOf)).toEqual([
      ['1.75', '1.75', 'January', '7', '5', '0.714', '—', 'I'],
      ['4.125', '3.9', 'March', '240', '96', '0.4', '0.713', 'V'],
    ]);
    expect(rows.map((r) => Number(cellsOf(r)[0]))).toEqual(mluM);
    expect(rows.map((r) => Number(cellsOf(r)[1]))).toEqual(mluW);
    expect(within(rows[1]!).getByRole('link', { name: 'March' })).toHaveAttribute('href', `/assessments/list/${A2}`);
  });

  it('asks both series for the period chosen, kept in the address', async () => {
    const { calls, router } = renderApp(`/analytics/students/${LEO}`, answers());
    await screen.findByRole('heading', { name: 'Leo Walker over time', level: 1 });
    await userEvent.type(screen.getByLabelText('From'), '2026-03-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-11');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-11'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.startsWith(`/api/analytics/students/${LEO}/`))
          .map((c) => `${c.url.pathname.split('/').pop()}${c.url.search}`),
      ).toEqual([
        'days',
        'goals',
        'measures',
        'days?from=2026-03-10&to=2026-03-11',
        'goals?from=2026-03-10&to=2026-03-11',
        'measures?from=2026-03-10&to=2026-03-11',
      ]),
    );
    // The streaks are the period's too.
    expect(calls.filter((c) => c.url.pathname === '/api/analytics/students').map((c) => c.url.search)).toEqual([
      `?student_id=${LEO}`,
      `?student_id=${LEO}&from=2026-03-10&to=2026-03-11`,
    ]);
  });

  it('says when the period has nothing', async () => {
    renderApp(
      `/analytics/students/${LEO}`,
      answers({
        days: { ...DAYS, days: [] },
        measures: { ...MEASURES, assessments: [] },
        goals: { ...GOALS, goals: [] },
      }),
    );
    expect(await screen.findByText('No game finished in this period.')).toBeInTheDocument();
    expect(await screen.findByText('No game played in this period counts towards a goal.')).toBeInTheDocument();
    expect(await screen.findByText('No completed assessment in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Table' })).not.toBeInTheDocument();
  });

  it('shows the streaks of the period beside the days', async () => {
    renderApp(`/analytics/students/${LEO}`, (call) =>
      call.url.pathname === '/api/analytics/students'
        ? json({
            status: true,
            data: {
              from: DAYS.from,
              to: DAYS.to,
              total: 1,
              students: [totalsOf({ longest_streak: 4, current_streak: 1 })],
            },
          })
        : answers()(call),
    );
    const days = await screen.findByRole('region', { name: 'Games by day' });
    const streaks = await within(days).findByRole('list', { name: 'Streaks' });
    expect(
      within(streaks)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Longest streak: 4 days', 'Current streak: 1 day']);
  });

  it('shows the figures by goal: the mean score charted, and every figure in a table grouped by kind', async () => {
    renderApp(`/analytics/students/${LEO}`, answers());
    const region = await screen.findByRole('region', { name: 'By goal' });
    expect(within(region).getByText('Feb 10, 2026 to Mar 11, 2026 · 5 goals')).toBeInTheDocument();
    // The chart: a bar per goal with a mean score (the skill has none).
    const bars = await charted(region, 'mean_score');
    expect(bars).toEqual([85, 77.5, 77.5, 50]);
    expect(
      within(region).getByText(
        /^Mean score: from 85 % on Foundations \(Level\) to 50 % on Simple past \(Verb tense\)\.$/,
      ),
    ).toBeVisible();

    // The table by kind: a heading per kind there is, then its goals with their figures.
    const table = within(region).getByRole('table', {
      name: 'Each goal’s figures, Feb 10, 2026 to Mar 11, 2026, by kind',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Goal', 'Games', 'Played', 'Passed', 'Mean score', 'Right at first try', 'Minutes']);
    const groups = [...table.querySelectorAll('tbody')].map((body) =>
      [...body.querySelectorAll('th')].map((th) => th.textContent),
    );
    expect(groups).toEqual([
      ['Levels', 'Foundations'],
      ['Chapters', 'Everyday nouns'],
      ['Targets', 'Name everyday nouns'],
      ['Skills', 'Vocabulary'],
      ['Verb tenses', 'Simple past'],
    ]);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(cellsOf(row('Foundations'))).toEqual(['3', '4', '3', '85 %', '71.4 %', '4']);
    expect(cellsOf(row('Vocabulary'))).toEqual(['1', '1', '0', '—', '0 %', '1']);
    // A table too wide for a phone scrolls inside a box the keyboard can reach.
    expect(within(region).getByRole('region', { name: /^Each goal’s figures/ })).toHaveAttribute('tabindex', '0');

    // The chart's own table: the same mean scores, with each goal's kind.
    await userEvent.click(within(region).getByRole('button', { name: 'Table' }));
    const charts = within(region).getByRole('table', { name: 'Mean score by goal, Feb 10, 2026 to Mar 11, 2026' });
    const rows = within(charts).getAllByRole('row').slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, ...cellsOf(r)])).toEqual([
      ['Foundations', '85 %', 'Level'],
      ['Everyday nouns', '77.5 %', 'Chapter'],
      ['Name everyday nouns', '77.5 %', 'Target'],
      ['Vocabulary', '—', 'Skill'],
      ['Simple past', '50 %', 'Verb tense'],
    ]);
    expect(rows.flatMap((r) => (cellsOf(r)[0] === '—' ? [] : [cellsOf(r)[0]]))).toEqual(bars.map((v) => `${v} %`));
  });

  it('names the goals in Spanish where the catalog has a Spanish name', async () => {
    await setupTestI18n('es');
    try {
      renderApp(`/analytics/students/${LEO}`, answers());
      const region = await screen.findByRole('region', { name: 'Por objetivo' });
      const table = within(region).getByRole('table', { name: /^Las cifras de cada objetivo/ });
      const groups = [...table.querySelectorAll('tbody')].map((body) =>
        [...body.querySelectorAll('th')].map((th) => th.textContent),
      );
      expect(groups).toEqual([
        ['Niveles', 'Foundations'],
        ['Capítulos', 'Everyday nouns'],
        ['Objetivos', 'Nombrar sustantivos cotidianos'],
        ['Habilidades', 'Vocabulario'],
        ['Tiempos verbales', 'Pretérito'],
      ]);
      expect(await screen.findByText('Racha más larga: 3 días')).toBeInTheDocument();
    } finally {
      await setupTestI18n('en');
    }
  });

  it('leaves the samples out for a reader of analytics without assessments', async () => {
    signIn('VIEWER');
    const { calls } = renderApp(`/analytics/students/${LEO}`, answers());
    expect(await screen.findByRole('region', { name: 'Games by day' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Language-sample measures' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/measures'))).toBe(false);
  });

  it('is reached from each student’s row of Students analytics', async () => {
    renderApp('/analytics/students', (call) =>
      call.url.pathname === '/api/analytics/students'
        ? json({
            status: true,
            data: {
              from: '2026-02-10',
              to: '2026-03-11',
              total: 1,
              students: [
                {
                  ...leo,
                  assigned: 3,
                  sessions: 3,
                  completed: 3,
                  passed: 3,
                  mean_score: 68.3,
                  first_try_rate: 66.7,
                  tries_per_activity: 1.5,
                  minutes: 5,
                  days_active: 2,
                  last_day: '2026-03-11',
                  longest_streak: 2,
                  current_streak: 2,
                  evaluated: 0,
                  words_out_of_place: 0,
                  parts_of_speech: 0,
                  syntax_error: 0,
                },
              ],
            },
          })
        : answers()(call),
    );
    const row = await screen.findByRole('row', { name: /Leo Walker/ });
    expect(within(row).getByRole('link', { name: 'Leo Walker over time' })).toHaveAttribute(
      'href',
      `/analytics/students/${LEO}`,
    );
  });

  it('shows a small score trend on the student’s page, its figures for screen readers too, and links here', async () => {
    const client = {
      id: LEO,
      full_name: 'Leo Walker',
      first_name: 'Leo',
      last_name: 'Walker',
      username: 'leo',
      account_id: ACCOUNT,
      status: 'ACTIVE',
      deleted_at: null,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      created_by: null,
      updated_by: null,
      created_by_name: null,
      updated_by_name: null,
      _actions: ['read'],
    };
    renderApp(`/students/${LEO}`, (call) => {
      const { pathname } = call.url;
      if (pathname === `/api/clients/${LEO}`) return json({ status: true, data: client });
      if (pathname === '/api/assignments')
        return json({ status: true, data: [], meta: { page: 0, max: 10, total: 0 } });
      if (pathname === '/api/analytics/students')
        return json({
          status: true,
          data: {
            from: DAYS.from,
            to: DAYS.to,
            total: 1,
            students: [
              {
                ...leo,
                assigned: 3,
                sessions: 5,
                completed: 4,
                passed: 4,
                mean_score: 68.3,
                first_try_rate: 66.7,
                tries_per_activity: 1.5,
                minutes: 7,
                days_active: 3,
                last_day: '2026-03-12',
                longest_streak: 3,
                current_streak: 3,
                evaluated: 1,
                words_out_of_place: 2,
                parts_of_speech: 1,
                syntax_error: 0,
              },
            ],
          },
        });
      return answers()(call);
    });
    const panel = await screen.findByRole('region', { name: 'Progress over the last 30 days' });
    expect(await within(panel).findByText('Mean score by day', { selector: 'h3' })).toBeInTheDocument();
    // The days with a score, as drawn and as the table screen readers read.
    expect(await charted(panel, 'mean_score')).toEqual([77.5, 50]);
    const rows = within(within(panel).getByRole('table', { name: 'Mean score by day' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, ...cellsOf(r)])).toEqual([
      ['Mar 10, 2026', '77.5 %'],
      ['Mar 11, 2026', '50 %'],
    ]);
    expect(within(panel).getByText('Mean score: from 77.5 % on Mar 10, 2026 to 50 % on Mar 11, 2026.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Progress over time' })).toHaveAttribute(
      'href',
      `/analytics/students/${LEO}`,
    );
  });
});
