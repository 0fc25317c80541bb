import { MAX_TRIES, pointsFor } from '@habla/shared/play';
import type { PreviewTryBody, PreviewTryResult } from '@habla/shared/schemas/player';
import type { ActorContext } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { checkAnswer, correctAnswer, isCorrect } from './session';
import { previewedGame } from './start-preview';

/** One try of a preview, checked and scored as a student's would be (try `try_number` of three); nothing is kept. */
export async function previewTry(ctx: ActorContext, gameId: string, body: PreviewTryBody): Promise<PreviewTryResult> {
  const { game, acts, rules } = await previewedGame(ctx, gameId);
  const { type } = game;
  const act = acts.find((x) => x.id === body.activity_id);
  if (!act) throw fieldError('activity_id', 'play.noSuchActivity');
  checkAnswer(type, act, body.answer);
  const correct = isCorrect(type, act, body.answer);
  const points = correct ? pointsFor(body.try_number, rules) : 0;
  const done = correct || body.try_number >= MAX_TRIES;
  return {
    correct,
    points,
    try_number: body.try_number,
    tries_left: done ? 0 : MAX_TRIES - body.try_number,
    done,
    ...(done ? { correct_answer: correctAnswer(type, act) } : {}),
    preview: true as const,
  };
}
