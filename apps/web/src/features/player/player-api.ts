import type { PlayerAnswer } from '@habla/shared/play';
import type { MultipleChoiceShown, SentencePracticeShown } from '@/components/activity/model';

/** A card of the student's games (GET /api/player/games). */
export type PlayerGame = {
  id: string;
  name: string;
  type: 'sentence_practice' | 'multiple_choice_answers';
  activities_count: number;
  picture: string | null;
  state: 'new' | 'in_progress' | 'played' | 'done' | 'expired';
  expiring_soon: boolean;
  attempts: number;
  max_attempts: number;
  best_score: number | null;
  end_time: string;
  session_id: string | null;
};

/** An activity of a session: what to show, and how it went so far (no answer key until it is over). */
export type PlayActivity = (SentencePracticeShown | MultipleChoiceShown) & {
  id: string;
  position: number;
  tries: { correct: boolean; points: number }[];
  tries_left: number;
  done: boolean;
  points: number;
  correct_answer?: PlayerAnswer;
};

export type PlaySession = {
  id: string;
  status: 'NEW' | 'PLAYING' | 'COMPLETED' | 'INCOMPLETE';
  attempt: number;
  points: number;
  total_right: number;
  total_wrong: number;
  score: number | null;
  passed: boolean | null;
  game: { assignment_id: string; name: string; type: PlayerGame['type']; max_attempts: number; attempts: number; end_time: string };
  rules: { show_progress_bar: boolean; show_failed_attemps: boolean; min_rate: number; point_first_try: number };
  activities: PlayActivity[];
};

/** What the server answers to one try. */
export type TryResult = {
  correct: boolean;
  points: number;
  try_number: number;
  tries_left: number;
  done: boolean;
  correct_answer?: PlayerAnswer;
  all_done: boolean;
  repeated: boolean;
  session: { points: number; total_right: number; total_wrong: number };
};

/** A try as it is sent (and kept in the browser while offline). */
export type PendingTry = { client_try_id: string; session_id: string; activity_id: string; answer: PlayerAnswer; elapsed_ms: number };
