import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, writesOf } from '@/test/render-app';

const GAME = '55555555-5555-4555-8555-555555555555';
const A1 = '66666666-6666-4666-8666-666666666661';
const A2 = '66666666-6666-4666-8666-666666666662';
const choice = (id: string, position: number, question: string, answers: string[]) => ({
  id,
  position,
  kind: 'choice',
  question,
  picture: null,
  audio: null,
  answers: answers.map((text) => ({ text, picture: null, alt: null })),
  tries: [],
  tries_left: 3,
  done: false,
  points: 0,
});
const previewSession = {
  id: `preview-${GAME}`,
  status: 'NEW',
  attempt: 1,
  points: 0,
  total_right: 0,
  total_wrong: 0,
  score: null,
  passed: null,
  preview: true,
  game: {
    assignment_id: GAME,
    name: 'Colours',
    type: 'multiple_choice_answers',
    max_attempts: 1,
    attempts: 0,
    end_time: '2026-12-01T00:00:00.000Z',
  },
  rules: { show_progress_bar: false, show_failed_attemps: false, min_rate: 50, point_first_try: 10 },
  activities: [choice(A1, 1, 'Which is red?', ['apple', 'sky']), choice(A2, 2, 'Which is blue?', ['grass', 'sea'])],
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('previewing a game in the player', () => {
  it('plays it as a student would, sends each try with its number to the preview (never to a session), counts the score by the rule and goes back to the game', async () => {
    signIn('THERAPIST');
    const { calls, router } = renderApp(`/players/preview/${GAME}`, ({ url, method, body }) => {
      if (method === 'POST' && url.pathname === `/api/player/preview/${GAME}`)
        return json({ status: true, data: previewSession });
      if (method === 'POST' && url.pathname === `/api/player/preview/${GAME}/tries`) {
        const b = body as { activity_id: string; answer: { index: number }; try_number: number };
        // A1: 'apple' (0) is right; A2: 'sea' (1) is right. Points by try: 10 / 1 / 0.
        const correct = b.answer.index === (b.activity_id === A1 ? 0 : 1);
        const points = correct ? [10, 1, 0][b.try_number - 1]! : 0;
        const done = correct || b.try_number === 3;
        return json({
          status: true,
          data: {
            correct,
            points,
            try_number: b.try_number,
            tries_left: done ? 0 : 3 - b.try_number,
            done,
            ...(done ? { correct_answer: { index: b.activity_id === A1 ? 0 : 1 } } : {}),
          },
        });
      }
      // Back on the game's page.
      if (url.pathname === `/api/games/${GAME}`)
        return json({
          status: true,
          data: {
            id: GAME,
            name: 'Colours',
            type: 'multiple_choice_answers',
            game_status: 'COMPLETED',
            max_attempts: 1,
            _actions: [],
          },
        });
      if (url.pathname === '/api/activities')
        return json({ status: true, data: [], meta: { page: 0, max: 100, total: 0 } });
      return undefined;
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Preview: this is what a student sees. Nothing is recorded.',
    );
    // First activity: wrong, then right at the second try (1 point).
    await userEvent.click(await screen.findByRole('button', { name: /sky/ }));
    await userEvent.click(await screen.findByRole('button', { name: /try again/i }));
    await userEvent.click(await screen.findByRole('button', { name: /apple/ }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    // Second: right at once (10 points).
    await userEvent.click(await screen.findByRole('button', { name: /sea/ }));
    await userEvent.click(await screen.findByRole('button', { name: /next/i }));
    await userEvent.click(await screen.findByRole('button', { name: /see my score/i }));
    // (1 + 10) ÷ (2 × 10) = 55 %.
    expect(await screen.findByText(/55\s*%/)).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([
      { method: 'POST', path: `/api/player/preview/${GAME}`, body: {} },
      {
        method: 'POST',
        path: `/api/player/preview/${GAME}/tries`,
        body: { activity_id: A1, answer: { index: 1 }, try_number: 1 },
      },
      {
        method: 'POST',
        path: `/api/player/preview/${GAME}/tries`,
        body: { activity_id: A1, answer: { index: 0 }, try_number: 2 },
      },
      {
        method: 'POST',
        path: `/api/player/preview/${GAME}/tries`,
        body: { activity_id: A2, answer: { index: 1 }, try_number: 1 },
      },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Back to the game' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/games/${GAME}/builder`));
    expect(await screen.findByRole('heading', { name: 'Colours', level: 1 })).toBeInTheDocument();
  });
});
