import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { useAuthStore } from '@/lib/auth-store';
import { json, renderApp, served, signIn, writesOf, type Call } from '@/test/render-app';

const GAME = '11111111-1111-4111-8111-111111111111';
const A1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const A2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const NEW = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';

/** The therapist's own private game, with the actions the policy gives the signed-in user on it. */
const game = (over: Record<string, unknown> = {}) => {
  const me = useAuthStore.getState().user;
  return served('games', {
    id: GAME,
    name: 'Say what they do',
    type: 'sentence_practice',
    game_status: 'WORK_IN_PROGRESS',
    version: 1,
    account_id: me?.account_id ?? null,
    created_by: me?.id,
    is_private: true,
    ...over,
  });
};
const activity = (id: string, position: number, answers: unknown, question = '') => ({
  id,
  game_id: GAME,
  position,
  question,
  picture: null,
  audio_id: null,
  answers,
});
const list = (data: unknown[]) => json({ status: true, data, meta: { page: 0, max: 100, total: data.length } });

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST');
});
afterEach(() => vi.unstubAllGlobals());

/** The builder of one game, its API answered by `more` first, then by the game and activity lists. */
function open(
  g: Record<string, unknown>,
  activities: unknown[],
  more: (call: Call) => Response | undefined = () => undefined,
) {
  return renderApp(`/games/${GAME}/builder`, (call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url.pathname === `/api/games/${GAME}`) return json({ status: true, data: g });
    if (call.method === 'GET' && call.url.pathname === '/api/activities') return list(activities);
    return call.url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
  });
}

describe('the game builder', () => {
  it('edits a sentence practice: refuses a one-word target naming why, saves the fixed one, and the preview plays it', async () => {
    const { calls } = open(
      game(),
      [
        activity(A1, 1, { target: 'The boy runs.', distractors: ['swims'] }),
        activity(A2, 2, { target: 'The girl swims.' }),
      ],
      ({ method, url }) =>
        method === 'PUT' && url.pathname === `/api/activities/${A1}` ? json({ status: true, data: {} }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Say what they do' })).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: '2 activities' })).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('button')[0]!.textContent)).toEqual([
      '1The boy runs.',
      '2The girl swims.',
    ]);
    expect(screen.getByRole('heading', { name: 'Activity 1 of 2' })).toBeInTheDocument();

    const target = screen.getByLabelText('Target sentence (the correct answer)');
    await userEvent.clear(target);
    await userEvent.type(target, 'Runs.');
    await userEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText('The target sentence needs 2 to 15 words (it has 1).')).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(calls)).toEqual([]);

    await userEvent.clear(target);
    await userEvent.type(target, 'The dog runs fast.');
    await userEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        {
          method: 'PUT',
          path: `/api/activities/${A1}`,
          body: {
            question: null,
            picture: null,
            audio_id: null,
            answers: { target: 'The dog runs fast.', distractors: ['swims'] },
            game_id: GAME,
          },
        },
      ]),
    );

    // The preview is the player's own tiles: build the sentence and it says so.
    const preview = screen.getByRole('region', { name: 'Preview' });
    for (const word of ['The', 'dog', 'runs', 'fast'])
      await userEvent.click(within(preview).getByRole('button', { name: `Add "${word}"` }));
    await userEvent.click(within(preview).getByRole('button', { name: 'Check' }));
    expect(await within(preview).findByText('Well done!')).toBeInTheDocument();
  });

  it('moves an activity down, duplicates one and deletes one after a confirmation', async () => {
    const rows = [activity(A1, 1, { target: 'The boy runs.' }), activity(A2, 2, { target: 'The girl swims.' })];
    const { calls } = open(game(), rows, ({ method, url, body }) => {
      if (method === 'PUT' && url.pathname === `/api/games/${GAME}/activities/order`) {
        // The server's new order is what the next list shows.
        const ids = (body as { ids: string[] }).ids;
        rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
        return json({ status: true, data: {} });
      }
      if (method === 'POST' && url.pathname === `/api/activities/${A2}/duplicate`)
        return json({ status: true, data: [activity(NEW, 3, { target: 'The girl swims.' })] });
      if (method === 'DELETE' && url.pathname === `/api/activities/${A1}`) return json({ status: true, data: {} });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Move down: The boy runs.' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'PUT', path: `/api/games/${GAME}/activities/order`, body: { ids: [A2, A1] } },
      ]),
    );
    expect(screen.getByText('The boy runs. moved to position 2 of 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move up: The boy runs.' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate: The girl swims.' }));
    await waitFor(() =>
      expect(writesOf(calls).at(-1)).toEqual({ method: 'POST', path: `/api/activities/${A2}/duplicate`, body: {} }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete: The boy runs.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this activity?' });
    expect(dialog).toHaveTextContent('“The boy runs.” will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writesOf(calls).at(-1)).toEqual({ method: 'DELETE', path: `/api/activities/${A1}`, body: undefined }),
    );
  });

  it('adds a multiple choice with its answers and the correct one marked, up to six answers', async () => {
    const { calls } = open(game({ type: 'multiple_choice_answers', name: 'Find the food' }), [], ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/activities'
        ? json({ status: true, data: activity(NEW, 1, {}) }, 201)
        : undefined,
    );
    // A game without activities opens a new one.
    expect(await screen.findByRole('heading', { name: 'New activity' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await screen.findByText('Write the question.')).toBeInTheDocument();
    expect(screen.getByText('Answer 1 needs a text or a picture.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Question'), 'Which one is the apple?');
    const answer = (n: number) => screen.getByRole('textbox', { name: `Answer ${n}` });
    await userEvent.type(answer(1), 'Banana');
    await userEvent.type(answer(2), 'Apple');
    const add = screen.getByRole('button', { name: 'Add answer' });
    for (let i = 0; i < 4; i++) await userEvent.click(add);
    expect(add).toBeDisabled();
    for (const n of [3, 4, 5, 6]) await userEvent.type(answer(n), `Other ${n}`);
    await userEvent.click(screen.getByRole('button', { name: 'Remove answer 6' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Answer 2 is the correct one' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save activity' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        {
          method: 'POST',
          path: '/api/activities',
          body: {
            game_id: GAME,
            question: 'Which one is the apple?',
            picture: null,
            audio_id: null,
            answers: {
              correct: 1,
              options: ['Banana', 'Apple', 'Other 3', 'Other 4', 'Other 5'].map((text) => ({ text, picture: null })),
            },
          },
        },
      ]),
    );
    // The preview shows the question and the answers, never which one is right.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Which one is the apple?' })).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: 'Banana' }));
    expect(await within(preview).findByText('Not yet. Try again!')).toBeInTheDocument();
  });

  it('shows a completed game read-only and makes a new version of it after a confirmation', async () => {
    const NEXT = '22222222-2222-4222-8222-222222222222';
    const { calls, router } = open(
      game({ game_status: 'COMPLETED' }),
      [activity(A1, 1, { target: 'The boy runs.' })],
      ({ method, url }) => {
        if (method === 'POST' && url.pathname === `/api/games/${GAME}/versions`)
          return json({ status: true, data: [game({ id: NEXT, version: 2 })] });
        if (url.pathname === `/api/games/${NEXT}`) return json({ status: true, data: game({ id: NEXT, version: 2 }) });
        return undefined;
      },
    );
    expect(await screen.findByText(/This game is no longer a work in progress/)).toBeInTheDocument();
    expect(screen.getByLabelText('Target sentence (the correct answer)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move down/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new version?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New version' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/games/${NEXT}/builder`));
    expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/games/${GAME}/versions`, body: {} }]);
  });

  it('offers a viewer only what they may do with a library game: trying it in the player, not its settings, a new version or assigning', async () => {
    signIn('VIEWER');
    open(
      game({ game_status: 'COMPLETED', account_id: null, created_by: null }),
      [activity(A1, 1, { target: 'The boy runs.' })],
      () => undefined,
    );
    expect(await screen.findByRole('link', { name: 'Try it in the player' })).toHaveAttribute(
      'href',
      `/players/preview/${GAME}`,
    );
    for (const name of ['Settings', 'New version', 'Assign'])
      expect(screen.queryByRole(name === 'Settings' ? 'link' : 'button', { name })).not.toBeInTheDocument();
  });
});
