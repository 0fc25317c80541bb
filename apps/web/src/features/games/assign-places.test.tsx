import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import {
  json,
  listAnswer,
  renderApp,
  served,
  signIn,
  stamp,
  writesOf,
  type Call,
  quietProgressPanel,
} from '@/test/render-app';

// Assigning from the games list's selection, a chapter's page and a student's page.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const STUDENT = '22222222-2222-4222-8222-222222222222';
const CHAPTER = '33333333-3333-4333-8333-333333333333';
const G1 = '44444444-4444-4444-8444-444444444441';
const G2 = '44444444-4444-4444-8444-444444444442';
const game = (id: string, name: string) =>
  served('games', {
    ...stamp,
    id,
    name,
    type: 'multiple_choice_answers',
    game_status: 'COMPLETED',
    version: 1,
    activities_count: 3,
    account_id: null,
    created_by: null,
    is_private: false,
  });
const leo = {
  ...stamp,
  id: STUDENT,
  full_name: 'Leo Walker',
  first_name: 'Leo',
  last_name: 'Walker',
  username: 'leo',
  account_id: ACCOUNT,
  status: 'ACTIVE',
};
const ok201 = (n: number) =>
  json({ status: true, data: { assigned: Array.from({ length: n }, (_, i) => ({ id: `a${i}` })), skipped: 0 } }, 201);
const common = ({ url }: Call) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST', { account_id: ACCOUNT });
});
afterEach(() => vi.unstubAllGlobals());

describe('assigning from the games list', () => {
  it('says to select first, then assigns both selected games to the chosen student in one request', async () => {
    const { calls } = renderApp('/games', (call) => {
      const { url, method } = call;
      if (url.pathname === '/api/games' && method === 'GET')
        return listAnswer([game(G1, 'Find the food'), game(G2, 'Describe it')]);
      if (url.pathname === '/api/clients') return listAnswer([leo]);
      if (url.pathname === '/api/games/assign') return ok201(2);
      return common(call);
    });
    await screen.findByRole('cell', { name: 'Find the food' });
    const bulk = screen.getByRole('group', { name: 'Actions on selected records' });
    await userEvent.click(await within(bulk).findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Please, select items to proccede.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all records on this page' }));
    await userEvent.click(within(bulk).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 games' });
    expect(within(dialog).getByRole('checkbox', { name: 'Find the food' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Describe it' })).toBeChecked();
    // No student chosen yet: the button says what it does, not "Assign to 0 students".
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Leo Walker' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to 1 student' }));
    expect(await within(dialog).findByText('Assigned to 2 students.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/games/assign',
        body: { game_ids: [G1, G2], student_ids: [STUDENT], max_attempts: 1 },
      },
    ]);
  });
});

describe('assigning from a chapter', () => {
  it('offers the chapter’s completed games, all ticked; the ones left ticked are assigned, and a refusal is shown by the games', async () => {
    let refuse = true;
    const { calls } = renderApp(`/chapters/${CHAPTER}`, (call) => {
      const { url, method } = call;
      if (url.pathname === `/api/chapters/${CHAPTER}`)
        return json({
          status: true,
          data: served('chapters', { ...stamp, id: CHAPTER, name: 'Everyday nouns', position: 1, level_id: null }),
        });
      if (url.pathname === '/api/games' && method === 'GET') {
        expect(Object.fromEntries(url.searchParams)).toMatchObject({ chapter_id: CHAPTER, game_status: 'COMPLETED' });
        return listAnswer([game(G1, 'Find the food'), game(G2, 'Describe it')]);
      }
      if (url.pathname === '/api/clients') return listAnswer([leo]);
      if (url.pathname === '/api/games/assign') {
        if (refuse) {
          refuse = false;
          return json(
            {
              status: false,
              errors: ['“Describe it” is still being built.'],
              fields: { game_ids: '“Describe it” is still being built.' },
            },
            409,
          );
        }
        return ok201(1);
      }
      if (url.pathname.startsWith('/api/levels') || url.pathname === '/api/chapters') return listAnswer([]);
      return common(call);
    });
    const panel = await screen.findByRole('region', { name: 'Games of this chapter' });
    expect(await within(panel).findByRole('link', { name: 'Find the food' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Assign these 2 games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 games' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Leo Walker' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to 1 student' }));
    expect(await within(dialog).findByText('“Describe it” is still being built.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Describe it' }));
    expect(screen.getByRole('dialog', { name: 'Assign 1 game' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to 1 student' }));
    expect(await within(dialog).findByText('Assigned to 1 student.')).toBeInTheDocument();
    expect(writesOf(calls).map((w) => w.body)).toEqual([
      { game_ids: [G1, G2], student_ids: [STUDENT], max_attempts: 1 },
      { game_ids: [G1], student_ids: [STUDENT], max_attempts: 1 },
    ]);
  });
});

describe('assigning from a student’s page', () => {
  it('lists the games given to the student and assigns games chosen by search to that student only', async () => {
    const { calls } = renderApp(`/students/${STUDENT}`, (call) => {
      const { url, method } = call;
      if (url.pathname === `/api/clients/${STUDENT}`) return json({ status: true, data: served('clients', leo) });
      // The student's progress panel (the analytics feature's).
      const quiet = quietProgressPanel(call);
      if (quiet) return quiet;
      if (url.pathname === '/api/assignments') {
        expect(url.searchParams.get('student_id')).toBe(STUDENT);
        return json({
          status: true,
          data: [
            {
              id: 'a1',
              game_name: 'The girl ate an apple',
              assign_status: 'PLAYED',
              attempts: 1,
              max_attempts: 2,
              best_score: 85,
              end_time: '2026-12-01T12:00:00.000Z',
            },
          ],
          meta: { page: 0, max: 10, total: 1 },
        });
      }
      if (url.pathname === '/api/games' && method === 'GET') {
        expect(url.searchParams.get('game_status')).toBe('COMPLETED');
        return listAnswer(url.searchParams.get('q') === 'food' ? [game(G1, 'Find the food')] : []);
      }
      if (url.pathname === '/api/games/assign') return ok201(1);
      return common(call);
    });
    const panel = await screen.findByRole('region', { name: 'Assigned games' });
    expect(await within(panel).findByText('The girl ate an apple')).toBeInTheDocument();
    expect(within(panel).getByText(/Played · 1 of 2 plays · 85 %/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Assign games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign games to Leo Walker' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Leo Walker' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose at least one game.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search completed games' }), 'food');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Find the food' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign 1 game' }));
    expect(await within(dialog).findByText('Assigned to 1 student.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([
      { method: 'POST', path: '/api/games/assign', body: { game_ids: [G1], student_ids: [STUDENT], max_attempts: 1 } },
    ]);
    expect(useAuthStore.getState().user?.role).toBe('THERAPIST');
  });
});
