import { clientsPolicy } from '@habla/shared';
import { poolOf } from '../../db/client';
import type { ActorContext } from '../../lib/context';
import type { Narrowing } from './figures';

/**
 * Whole-account analytics answers kept in memory (docs/decisions/030-analytics-answers-kept.md). An
 * account admin's games or hardest activities over a year read every game or activity the account
 * played (2,000 and 20,000 rows on the analytics bench: 35 and 95 ms), the same answer for every
 * request until a student of the account plays, is evaluated, moves or is deleted. Each of those
 * bumps the account's row of `analytics_versions` in its own transaction (migration 0024), so an
 * answer is kept while that version is the one it was computed at, on every API instance alike. What
 * no version follows (a game renamed, an activity's question edited) shows within KEEP_MS.
 */

/** How long an answer is kept at most, whatever its version: the lists' totals' minute. */
export const KEEP_MS = 60_000;
/** Answers kept per kind, the oldest dropped first. */
const MAX_KEPT = 200;

/**
 * Whose answer it is: an account's admin reads one account ('account:<id>'), platform staff every
 * account ('all:<kind of scope>') or the one they narrowed to; null for anyone else and for narrower
 * questions (a caseload, a therapist's, a workspace, one student), whose answers are computed each
 * time from their students' day rows.
 */
export function keptScope(ctx: ActorContext, narrow: Narrowing = {}): string | null {
  if (narrow.student_id || narrow.therapist_id || narrow.workspace_id) return null;
  const scope = clientsPolicy.scope(ctx.actor);
  if (scope.kind === 'account')
    return !narrow.account_id || narrow.account_id === scope.accountId ? `account:${scope.accountId}` : null;
  if (scope.kind === 'all' || scope.kind === 'shared')
    return narrow.account_id ? `account:${narrow.account_id}` : `all:${scope.kind}`;
  return null;
}

/** The versions an answer of `scope` depends on, as one string (read on every request: one index probe). */
async function versionOf(ctx: ActorContext, scope: string): Promise<string> {
  const pool = poolOf(ctx.db);
  if (scope.startsWith('account:')) {
    const read = await pool.query<{ v: string | null }>(
      `SELECT string_agg(scope || '=' || version, ',' ORDER BY scope) AS v FROM analytics_versions WHERE scope = ANY($1)`,
      [[scope.slice('account:'.length), '*']],
    );
    return read.rows[0]?.v ?? '';
  }
  // Every account's answers: the latest bump in one of them is the highest version.
  const read = await pool.query<{ v: string | null }>('SELECT max(version)::text AS v FROM analytics_versions');
  return read.rows[0]?.v ?? '';
}

type Kept<T> = { version: string; at: number; answer: Promise<T> };

/**
 * A store of one kind of answer. `read(ctx, scope, key, compute)` answers the kept answer of `scope`
 * and `key` (the query, its period resolved) when its version still holds and it is younger than
 * KEEP_MS, else computes it; requests that miss together share one computation. A failed computation
 * is not kept.
 */
export function keptAnswers<T>() {
  const kept = new Map<string, Kept<T>>();
  return {
    async read(ctx: ActorContext, scope: string, key: string, compute: () => Promise<T>): Promise<T> {
      const version = await versionOf(ctx, scope);
      const at = ctx.now.getTime();
      const id = `${scope} ${key}`;
      const hit = kept.get(id);
      if (hit && hit.version === version && at - hit.at < KEEP_MS && at >= hit.at) return hit.answer;
      const answer = compute();
      kept.delete(id);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value ?? '');
      kept.set(id, { version, at, answer });
      answer.catch(() => {
        if (kept.get(id)?.answer === answer) kept.delete(id);
      });
      return answer;
    },
  };
}
