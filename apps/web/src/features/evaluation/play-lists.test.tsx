import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp, writesOf, type Call } from '@/test/render-app';

// The assigned games and played sessions lists: the generic, read-only lists of the engine.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LEO = { id: '22222222-2222-4222-8222-222222222222', label: 'Leo Walker' };
const A1 = '55555555-5555-4555-8555-555555555551';
const A2 = '55555555-5555-4555-8555-555555555552';
const S1 = '66666666-6666-4666-8666-666666666661';
const S2 = '66666666-6666-4666-8666-666666666662';

const assignment = (id: string, name: string, status: string, attempts: number) =>
  served('assignments', {
    ...stamp,
    id,
    student_id: LEO.id,
    student: LEO,
    game_name: name,
    game_id: id,
    game: { id, label: name },
    type: 'sentence_practice',
    assign_status: status,
    attempts,
    max_attempts: 2,
    activities_count: 3,
    start_time: '2026-11-20T10:00:00.000Z',
    end_time: '2026-12-01T10:00:00.000Z',
    min_rate: 50,
    best_score: attempts ? 85.5 : null,
    last_score: attempts ? 85.5 : null,
    last_played_at: attempts ? '2026-11-21T10:00:00.000Z' : null,
    account_id: ACCOUNT,
    account: { id: ACCOUNT, label: 'Sunrise Speech' },
  });
const session = (id: string, evaluation: string | null) =>
  served('game-sessions', {
    ...stamp,
    id,
    student_id: LEO.id,
    student: LEO,
    game_name: 'The girl ate an apple',
    game_id: A1,
    game: { id: A1, label: 'The girl ate an apple' },
    assignment_id: A1,
    assignment: { id: A1, label: 'The girl ate an apple' },
    type: 'sentence_practice',
    started_at: '2026-11-21T10:00:00.000Z',
    finished_at: evaluation ? '2026-11-21T10:05:00.000Z' : null,
    status: evaluation ? 'COMPLETED' : 'PLAYING',
    attempt: 1,
    points: 21,
    score: evaluation ? 70 : null,
    total_right: 3,
    total_wrong: 1,
    duration_ms: 300000,
    evaluation,
    evaluated_at: evaluation === 'EVALUATED' ? '2026-11-22T10:00:00.000Z' : null,
    account_id: ACCOUNT,
    account: { id: ACCOUNT, label: 'Sunrise Speech' },
  });
const common = ({ url }: Call) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST', { account_id: ACCOUNT });
});
afterEach(() => vi.unstubAllGlobals());

describe('the assigned games list', () => {
  it('lists the games given with their plays and best score, offers no new, edit, delete or trash, and unassigns the selected ones once confirmed', async () => {
    let unassigned = false;
    const { calls } = renderApp('/games/assigned', (call) => {
      const { url, method } = call;
      if (url.pathname === '/api/assignments' && method === 'GET')
        return listAnswer([
          assignment(A1, 'Find the food', 'PLAYED', 1),
          assignment(A2, 'Describe it', unassigned ? 'UNASSIGNED' : 'ASSIGNED', 0),
        ]);
      if (url.pathname === '/api/games/unassign') {
        unassigned = true;
        return json({ status: true, data: [], message: 'Unassigned.' });
      }
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Assigned games', level: 1 })).toBeInTheDocument();
    const played = await screen.findByRole('row', { name: /Find the food/ });
    expect(within(played).getByRole('cell', { name: 'Played' })).toBeInTheDocument();
    expect(within(played).getByRole('cell', { name: '85.5' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Show trash' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    const bulk = screen.getByRole('group', { name: 'Actions on selected records' });
    await userEvent.click(within(bulk).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Please, select items to proccede.')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('row', { name: /Describe it/ })).getByRole('checkbox'));
    await userEvent.click(within(bulk).getByRole('button', { name: 'Unassign 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign these games?' });
    expect(dialog).toHaveTextContent('1 game will disappear from the student’s player.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign 1' }));
    expect(
      await within(await screen.findByRole('row', { name: /Describe it/ })).findByText('Unassigned'),
    ).toBeVisible();
    expect(writesOf(calls)).toEqual([{ method: 'POST', path: '/api/games/unassign', body: { ids: [A2] } }]);
  });
});

describe('the played sessions list', () => {
  it('filters by where the evaluation stands and opens a waiting session on its evaluation', async () => {
    const { calls, router } = renderApp('/games/sessions?evaluation=WAITING', (call) => {
      const { url } = call;
      if (url.pathname === '/api/game-sessions')
        return listAnswer(
          url.searchParams.get('evaluation') === 'WAITING'
            ? [session(S1, 'WAITING')]
            : [session(S1, 'WAITING'), session(S2, null)],
        );
      if (url.pathname === `/api/game-sessions/${S1}`) return json({ status: false, errors: ['Not found'] }, 404);
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Played sessions', level: 1 })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Evaluate Leo Walker’s session' });
    expect(link).toHaveTextContent('Evaluate');
    expect(calls.find((c) => c.url.pathname === '/api/game-sessions')!.url.searchParams.get('evaluation')).toBe(
      'WAITING',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Evaluation' }), '');
    expect(await screen.findByText('Still playing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Evaluate Leo Walker’s session' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/games/sessions/${S1}`));
  });
});
