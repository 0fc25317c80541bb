import type { ActivityFigures, GameFigures } from '@habla/shared/schemas/game-analytics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// Games and activities analytics: the feature's routes under /analytics, over GET /api/analytics/games
// and /api/analytics/activities (decision 028).
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const FRUIT = '33333333-3333-4333-8333-333333333333';
const game = (over: Partial<GameFigures> = {}): GameFigures => ({
  id: FRUIT,
  name: 'Fruit',
  version: 1,
  type: 'multiple_choice_answers',
  students: 3,
  sessions: 3,
  completed: 2,
  completion_rate: 66.7,
  passed: 2,
  pass_rate: 100,
  mean_score: 52.5,
  first_try_rate: 40,
  median_seconds: 75,
  ...over,
});
const activity = (position: number, over: Partial<ActivityFigures> = {}): ActivityFigures => ({
  id: `44444444-4444-4444-8444-44444444444${position}`,
  game_id: FRUIT,
  game_name: 'Fruit',
  position,
  label: `Which one? ${position}`,
  tried: 3,
  right_rate: 66.7,
  first_try_rate: 33.3,
  tries_per_session: 1.33,
  mean_seconds: 17,
  left_here: 1,
  wrong_answers: [
    { answer: { index: 1 }, label: 'dog', times: 2 },
    { answer: { index: 2 }, label: 'cat', times: 1 },
  ],
  ...over,
});
const common = ({ url }: Call) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);
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

describe('games analytics', () => {
  it('shows each game’s figures, leads to its activities for the same period, and asks again by name', async () => {
    const { calls } = renderApp('/analytics/games?from=2026-04-07&to=2026-04-08', (call) => {
      if (call.url.pathname === '/api/analytics/games')
        return json({
          status: true,
          data: {
            from: '2026-04-07',
            to: '2026-04-08',
            games: [game(), game({ id: 'v2', name: 'Easy', version: 2, median_seconds: null, mean_score: null })],
            total: 2,
          },
        });
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Games analytics', level: 1 })).toBeInTheDocument();
    const fruit = await screen.findByRole('row', { name: /Fruit/ });
    expect(within(fruit).getByRole('link', { name: 'Fruit: its activities' })).toHaveAttribute(
      'href',
      `/analytics/activities?game_id=${FRUIT}&from=2026-04-07&to=2026-04-08`,
    );
    expect(cellsOf(fruit)).toEqual(['3', '3', '66.7 %', '100 %', '52.5 %', '40 %', '1 min 15 s']);
    const easy = screen.getByRole('row', { name: /Easy/ });
    expect(within(easy).getByText('version 2')).toBeInTheDocument();
    expect(cellsOf(easy)).toEqual(['3', '3', '66.7 %', '100 %', '—', '40 %', '—']);
    expect(screen.getByText('Apr 7, 2026 to Apr 8, 2026 · 2 games played')).toBeInTheDocument();
    // The chart of the page's games: the bars are their mean scores and first tries (Easy has no
    // mean score: no bar), and its table shows the same figures.
    await vi.waitFor(() => expect(document.querySelector('[data-series="mean_score"]')).not.toBeNull(), 5000);
    const bars = (series: string) =>
      [...document.querySelectorAll(`[data-series="${series}"]`)].map((e) => Number(e.getAttribute('data-value')));
    expect(bars('mean_score')).toEqual([52.5]);
    expect(bars('first_try_rate')).toEqual([40, 40]);
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const charted = screen.getByRole('table', {
      name: /^Mean score and right at first try of the 2 most played games/,
    });
    expect(
      within(charted)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [within(r).getByRole('rowheader').textContent, ...cellsOf(r)]),
    ).toEqual([
      ['Fruit', '52.5 %', '40 %'],
      ['Easy', '—', '40 %'],
    ]);

    await userEvent.type(screen.getByLabelText('Game name'), 'eas');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/analytics/games' && c.url.searchParams.get('q') === 'eas'),
      ).toBe(true),
    );
  });

  it('says so when nothing was played in the period', async () => {
    renderApp('/analytics/games', (call) =>
      call.url.pathname === '/api/analytics/games'
        ? json({ status: true, data: { from: '2026-10-30', to: '2026-11-28', games: [], total: 0 } })
        : common(call),
    );
    expect(await screen.findByText('No game played in this period')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('activities analytics', () => {
  it('shows a game’s activities in order with where children stopped and the wrong answers given most', async () => {
    const { calls } = renderApp(`/analytics/activities?game_id=${FRUIT}`, (call) => {
      if (call.url.pathname === '/api/analytics/activities')
        return json({
          status: true,
          data: {
            from: '2026-10-30',
            to: '2026-11-28',
            activities: [activity(1), activity(2, { left_here: 0, wrong_answers: [] })],
            total: 2,
          },
        });
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Activities of Fruit', level: 1 })).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/analytics/activities')?.url.searchParams.get('game_id')).toBe(
      FRUIT,
    );
    const first = await screen.findByRole('row', { name: /Which one\? 1/ });
    expect(cellsOf(first)).toEqual(['3', '66.7 %', '33.3 %', '1.33', '17 s', '1', 'dog (2 times)cat (once)']);
    expect(cellsOf(screen.getByRole('row', { name: /Which one\? 2/ }))).toEqual([
      '3',
      '66.7 %',
      '33.3 %',
      '1.33',
      '17 s',
      '0',
      '—',
    ]);
    // The chart: each activity's first-try and final right rates, as the table says.
    await vi.waitFor(() => expect(document.querySelector('[data-series="right_rate"]')).not.toBeNull(), 5000);
    const bars = (series: string) =>
      [...document.querySelectorAll(`[data-series="${series}"]`)].map((e) => Number(e.getAttribute('data-value')));
    expect(bars('first_try_rate')).toEqual([33.3, 33.3]);
    expect(bars('right_rate')).toEqual([66.7, 66.7]);
    expect(
      screen.getByRole('heading', { name: 'Right at first try and in the end, by activity', level: 2 }),
    ).toBeInTheDocument();
    // One game: no ranking order to choose, and the way back to every game.
    expect(screen.queryByLabelText('Order')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Game name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All games' })).toHaveAttribute('href', '/analytics/games');
  });

  it('ranks every game’s activities, hardest first, and asks for the easiest when chosen', async () => {
    const { calls } = renderApp('/analytics/activities', (call) => {
      if (call.url.pathname === '/api/analytics/activities')
        return json({
          status: true,
          data: { from: '2026-10-30', to: '2026-11-28', activities: [activity(1)], total: 1 },
        });
      return common(call);
    });
    const row = await screen.findByRole('row', { name: /Which one\? 1/ });
    // Across games, each activity says its game; the drop-off belongs to one game's view.
    expect(cellsOf(row)).toEqual(['Fruit', '3', '66.7 %', '33.3 %', '1.33', '17 s', 'dog (2 times)cat (once)']);
    expect(
      screen.getByText('Oct 30, 2026 to Nov 28, 2026 · 1 activity tried in at least 5 sessions, hardest first'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'easiest');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.searchParams.get('rank') === 'easiest')).toBe(true));
  });
});

describe('narrowing the figures', () => {
  const TESS = '55555555-5555-4555-8555-555555555555';
  const CENTER = '66666666-6666-4666-8666-666666666666';
  const answer = (call: Call) => {
    const { pathname } = call.url;
    if (pathname === '/api/analytics/games')
      return json({ status: true, data: { from: '2026-04-07', to: '2026-04-08', games: [game()], total: 1 } });
    if (pathname === '/api/analytics/users')
      return json({
        status: true,
        data: {
          from: '2026-04-07',
          to: '2026-04-08',
          users: [
            {
              id: TESS,
              full_name: 'Tess Moreno',
              role: 'THERAPIST',
              students: 2,
              assigned: 0,
              evaluated: 0,
              waiting: 0,
              recordings: 0,
              assessments: 0,
              last_active: null,
            },
          ],
          total: 1,
        },
      });
    if (pathname === '/api/accounts') return json({ status: true, data: [{ id: CENTER, name: 'Sunrise Center' }] });
    return common(call);
  };

  it('lets an account admin narrow to a therapist’s students: the choice is asked of the API', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
    const { calls } = renderApp('/analytics/games', answer);
    const therapist = await screen.findByRole('combobox', { name: 'Therapist' });
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Tess Moreno' });
    // Only therapists are listed.
    expect(calls.find((c) => c.url.pathname === '/api/analytics/users')?.url.searchParams.get('role')).toBe(
      'THERAPIST',
    );
    await userEvent.selectOptions(therapist, TESS);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/analytics/games' && c.url.searchParams.get('therapist_id') === TESS),
      ).toBe(true),
    );
  });

  it('lets platform staff narrow to an account too; a therapist, who reads her own students, sees neither', async () => {
    signIn('SUPERADMIN');
    const { calls } = renderApp('/analytics/games', answer);
    const account = await screen.findByRole('combobox', { name: 'Account' });
    await screen.findByRole('option', { name: 'Sunrise Center' });
    await userEvent.selectOptions(account, CENTER);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/analytics/games' && c.url.searchParams.get('account_id') === CENTER),
      ).toBe(true),
    );
  });

  it('shows a therapist no narrowing filter', async () => {
    renderApp('/analytics/games', answer);
    expect(await screen.findByRole('heading', { name: 'Games analytics', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Therapist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });
});
