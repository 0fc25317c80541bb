import type { PlayerAnswer } from '@habla/shared/play';

/** The player's answers come from the API's contract (`@habla/shared/schemas/player`). */
export type { PlayActivity, PlayerGame, PlaySession, TryResult } from '@habla/shared/schemas/player';

/** A try as it is sent (and kept in the browser while offline). */
export type PendingTry = {
  client_try_id: string;
  session_id: string;
  activity_id: string;
  answer: PlayerAnswer;
  elapsed_ms: number;
};
