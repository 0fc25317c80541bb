import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedTries } from '@/lib/offline-tries';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

/**
 * Tries made while the connection is down (docs/product.md §4, decision 017): the player keeps each
 * in the browser's IndexedDB and lets the child go on; when the connection returns (or the page is
 * opened again) it sends every one, in the order they were made, each exactly once with its
 * `client_try_id`. The API here is a small fake of the real one that drops every request while
 * "offline", as a network that is down does.
 */
const ASSIGNMENT = '88888888-8888-4888-8888-888888888888';
const SESSION = '77777777-7777-4777-8777-777777777777';
const ACTIVITIES = [
  { id: '66666666-6666-4666-8666-666666666661', question: 'Which is red?', answers: ['apple', 'sky'] },
  { id: '66666666-6666-4666-8666-666666666662', question: 'Which is blue?', answers: ['sea', 'grass'] },
  { id: '66666666-6666-4666-8666-666666666663', question: 'Which is yellow?', answers: ['sun', 'night'] },
];
type TryBody = { activity_id: string; answer: { index: number }; client_try_id: string; elapsed_ms: number };

/** The server's side: the tries it received (the first answer of each activity is right), and the session they make. */
function fakeServer() {
  const received: TryBody[] = [];
  let online = true;
  const triesOf = (id: string) => received.filter((t) => t.activity_id === id);
  const session = () => {
    const activities = ACTIVITIES.map((a, i) => {
      const tries = triesOf(a.id).map((t) => ({
        correct: t.answer.index === 0,
        points: t.answer.index === 0 ? 10 : 0,
      }));
      const done = tries.some((t) => t.correct) || tries.length >= 3;
      return {
        id: a.id,
        position: i + 1,
        kind: 'choice',
        question: a.question,
        picture: null,
        audio: null,
        answers: a.answers.map((text) => ({ text, picture: null, alt: null })),
        tries,
        tries_left: done ? 0 : 3 - tries.length,
        done,
        points: tries.reduce((n, t) => n + t.points, 0),
        ...(done ? { correct_answer: { index: 0 } } : {}),
      };
    });
    return {
      id: SESSION,
      status: received.length ? 'PLAYING' : 'NEW',
      attempt: 1,
      points: activities.reduce((n, a) => n + a.points, 0),
      total_right: received.filter((t) => t.answer.index === 0).length,
      total_wrong: received.filter((t) => t.answer.index !== 0).length,
      score: null,
      passed: null,
      game: {
        assignment_id: ASSIGNMENT,
        name: 'Colours',
        type: 'multiple_choice_answers',
        max_attempts: 1,
        attempts: 1,
        end_time: '2099-01-01T00:00:00.000Z',
      },
      rules: { show_progress_bar: false, show_failed_attemps: false, min_rate: 50, point_first_try: 10 },
      activities,
    };
  };
  const handler = ({ method, url, body }: Call) => {
    if (!online) throw new TypeError('Failed to fetch');
    if (method === 'POST' && url.pathname === `/api/player/games/${ASSIGNMENT}/sessions`)
      return json({ status: true, data: session() });
    if (method === 'POST' && url.pathname === `/api/player/sessions/${SESSION}/tries`) {
      const t = body as TryBody;
      received.push(t);
      const mine = triesOf(t.activity_id);
      const correct = t.answer.index === 0;
      const done = correct || mine.length >= 3;
      return json({
        status: true,
        data: {
          correct,
          points: correct ? 10 : 0,
          try_number: mine.length,
          tries_left: done ? 0 : 3 - mine.length,
          done,
          ...(done ? { correct_answer: { index: 0 } } : {}),
          all_done: false,
          repeated: false,
          session: { points: 0, total_right: 0, total_wrong: 0 },
        },
      });
    }
    return undefined;
  };
  return {
    received,
    handler,
    goOffline: () => void (online = false),
    /** The network is back: the browser says so. */
    goOnline: () => {
      online = true;
      act(() => void window.dispatchEvent(new Event('online')));
    },
  };
}

/** The tries the player tried to send (whether or not they arrived), in order. */
const triesSent = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'POST' && c.url.pathname === `/api/player/sessions/${SESSION}/tries`)
    .map((c) => c.body as TryBody);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  // A fresh, empty IndexedDB for each test; within a test it outlives the page, as the browser's does.
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => vi.unstubAllGlobals());

describe('playing without a connection', () => {
  it('keeps the tries made offline, lets the child go on, and sends every one once, in order, with its client_try_id, when the connection returns', async () => {
    signIn('STUDENT');
    const server = fakeServer();
    const { calls } = renderApp(`/players/${ASSIGNMENT}`, server.handler);
    // Online: the first activity answered and checked at once.
    await userEvent.click(await screen.findByRole('button', { name: 'apple' }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));

    // The connection drops: the next two answers are kept on the device.
    server.goOffline();
    await userEvent.click(await screen.findByRole('button', { name: 'grass' }));
    expect(await screen.findByText('Saved! It will be checked when you are back online.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'sun' }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    expect(await screen.findByText('Waiting for the connection to send your answers…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 answers are saved on this device');
    const offline = triesSent(calls).slice(1);
    expect(offline.map((t) => [t.activity_id, t.answer])).toEqual([
      [ACTIVITIES[1]!.id, { index: 1 }],
      [ACTIVITIES[2]!.id, { index: 0 }],
    ]);
    expect(server.received).toHaveLength(1);
    expect((await queuedTries(SESSION)).map((q) => q.client_try_id)).toEqual(offline.map((t) => t.client_try_id));

    // Back online: both arrive, after the first, in the order they were made, each once.
    server.goOnline();
    await waitFor(() => expect(server.received).toHaveLength(3));
    // The wrong one comes back to be tried again.
    expect(await screen.findByRole('heading', { name: /activity 2 of 3/i })).toBeInTheDocument();
    expect(server.received.map((t) => t.client_try_id)).toEqual([
      triesSent(calls)[0]!.client_try_id,
      ...offline.map((t) => t.client_try_id),
    ]);
    expect(server.received.slice(1)).toEqual(offline);
    expect(new Set(server.received.map((t) => t.client_try_id)).size).toBe(3);
    expect(server.received.every((t) => /^[A-Za-z0-9_-]{8,64}$/.test(t.client_try_id))).toBe(true);
    expect(await queuedTries(SESSION)).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the tries kept on the device when the game is opened again after a reload, once each, in order', async () => {
    signIn('STUDENT');
    const server = fakeServer();
    const first = renderApp(`/players/${ASSIGNMENT}`, server.handler);
    await screen.findByRole('button', { name: 'apple' });
    server.goOffline();
    await userEvent.click(screen.getByRole('button', { name: 'sky' }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'sea' }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    const kept = triesSent(first.calls);
    expect(kept.map((t) => [t.activity_id, t.answer])).toEqual([
      [ACTIVITIES[0]!.id, { index: 1 }],
      [ACTIVITIES[1]!.id, { index: 0 }],
    ]);
    expect(server.received).toEqual([]);

    // The page goes away; a new copy of the queue's module reads what the device kept.
    cleanup();
    vi.resetModules();
    const reloaded = await import('@/lib/offline-tries');
    expect((await reloaded.queuedTries(SESSION)).map((q) => [q.client_try_id, q.activity_id, q.answer])).toEqual(
      kept.map((t) => [t.client_try_id, t.activity_id, t.answer]),
    );

    // Opened again with the connection back: what was kept is sent before anything else is played.
    server.goOnline();
    renderApp(`/players/${ASSIGNMENT}`, server.handler);
    await waitFor(() => expect(server.received).toHaveLength(2));
    expect(server.received).toEqual(kept);
    expect(await screen.findByRole('heading', { name: /activity 1 of 3/i })).toBeInTheDocument();
    expect(await reloaded.queuedTries(SESSION)).toEqual([]);
    // Nothing is sent twice, whatever happens next on the page.
    await userEvent.click(await screen.findByRole('button', { name: 'apple' }));
    await waitFor(() => expect(server.received).toHaveLength(3));
    expect(new Set(server.received.map((t) => t.client_try_id)).size).toBe(3);
  });
});
