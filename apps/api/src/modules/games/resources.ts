import {
  answersProblem,
  GAME_RESOURCES,
  gamesPolicy,
  mayAuthor,
  type ActivityAnswers,
  type GameType,
  type PolicyRow,
  type Scope,
} from '@habla/shared';
import type { PoolClient } from 'pg';
import { orderedChildHooks, type ChildOrder } from '../../crud/children';
import type { CrudContext, CrudUser, ServerResource, WriteHooks } from '../../crud/contract';
import { auditRows, invalidateCounts } from '../../crud/service';
import { SqlParams } from '../../crud/sql';
import type { DbGameRow } from '../../db/schema/index';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import { accountsScope } from '../tenancy/scopes';

/**
 * Games and activities on the resource engine (docs/product.md §4). Who sees and changes
 * what is the games policy (packages/shared/src/policies/games.ts); here its scope becomes SQL, the
 * writes get their owner and account, activities are checked against their game's type and state,
 * and the life-cycle actions copy and change games in the action's transaction.
 */

/** The content scope as a condition on games aliased `a`. */
function gamesCondition(scope: Scope, p: SqlParams, a: string): string | null {
  switch (scope.kind) {
    case 'all':
    case 'shared':
      return null;
    case 'library':
      return `${a}.account_id IS NULL`;
    case 'content':
      return `(${a}.account_id IS NULL OR (${a}.account_id = ${p.add(scope.accountId)} AND (${a}.is_private = false OR ${a}.created_by = ${p.add(scope.userId)})))`;
    default:
      return 'false';
  }
}

export const gamesScope = (u: CrudUser, p: SqlParams): string | null => gamesCondition(gamesPolicy.scope(u), p, 't');
/** An activity is seen with its game. */
export const activitiesScope = (u: CrudUser, p: SqlParams): string | null => {
  const cond = gamesCondition(gamesPolicy.scope(u), p, 'sg');
  return cond ? `EXISTS (SELECT 1 FROM games sg WHERE sg.id = t.game_id AND ${cond})` : null;
};

const locked = () => new AppError(409, 'CONFLICT', 'games.activitiesLocked', {}, { game_id: 'games.activitiesLocked' });

/** The game of an activity, locked, in the caller's scope; the caller must be its author and it a work in progress. */
async function writableGame(client: PoolClient, ctx: CrudContext, gameId: string): Promise<DbGameRow> {
  const p = new SqlParams();
  const conds = [`t.id = ${p.add(gameId)}`, 't.deleted_at IS NULL'];
  const scope = gamesScope(ctx.actor, p);
  if (scope) conds.push(scope);
  const res = await client.query(`SELECT t.* FROM games t WHERE ${conds.join(' AND ')} FOR UPDATE`, p.values);
  const game = res.rows[0] as DbGameRow | undefined;
  // Outside the scope (or gone) the reference check names the field; here only what is in reach.
  if (!game) throw fieldError('game_id', 'validation.missingReference');
  if (!mayAuthor(ctx.actor, game as PolicyRow)) throw forbidden();
  if (game.game_status !== 'WORK_IN_PROGRESS') throw locked();
  return game;
}

function checkAnswers(type: GameType, answers: unknown, question: unknown): void {
  const problem = answersProblem(type, answers as ActivityAnswers, typeof question === 'string' ? question : null);
  if (problem)
    throw new AppError(400, 'VALIDATION', problem.key, problem.params ?? {}, { [problem.field]: problem.key });
}

/** Run `first`'s hook, then `then`'s (an entity's rules before the engine's ordering). */
function chain(first: WriteHooks, then: WriteHooks): WriteHooks {
  return {
    begin: async (c, ctx) => {
      await first.begin?.(c, ctx);
      await then.begin?.(c, ctx);
    },
    beforeCreate: async (c, ctx, body) => ({
      ...(await first.beforeCreate?.(c, ctx, body)),
      ...(await then.beforeCreate?.(c, ctx, body)),
    }),
    beforeUpdate: async (c, ctx, body, before) => ({
      ...(await first.beforeUpdate?.(c, ctx, body, before)),
      ...(await then.beforeUpdate?.(c, ctx, body, before)),
    }),
    beforeDelete: async (c, ctx, ids, deleted) => {
      await first.beforeDelete?.(c, ctx, ids, deleted);
      await then.beforeDelete?.(c, ctx, ids, deleted);
    },
  };
}

const COPY_ACTIVITIES = `INSERT INTO activities (game_id, position, question, picture, audio_id, answers, created_at, updated_at, created_by, updated_by)
  SELECT $1, position, question, picture, audio_id, answers, $3, $3, $4, $4 FROM activities WHERE game_id = $2 AND deleted_at IS NULL`;

/**
 * A copy of game `from` (and its live activities) with `set` over its columns; returns the new id.
 * The copy's audit row says where it came from.
 */
async function copyGame(
  client: PoolClient,
  ctx: CrudContext,
  from: DbGameRow,
  set: Partial<DbGameRow>,
  why: string,
): Promise<string> {
  const columns: (keyof DbGameRow)[] = [
    'name',
    'type',
    'chapter_id',
    'topic_id',
    'comment',
    'max_attempts',
    'game_status',
    'is_private',
    'share_status',
    'version',
    'origin_id',
    'account_id',
    'activities_count',
  ];
  const values = columns.map((c) => (c in set ? set[c] : from[c]));
  const res = await client.query(
    `INSERT INTO games (${columns.join(', ')}, created_at, updated_at, created_by, updated_by)
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}, $${columns.length + 1}, $${columns.length + 1}, $${columns.length + 2}, $${columns.length + 2}) RETURNING id`,
    [...values, ctx.now, ctx.actor.id],
  );
  const id = String((res.rows[0] as { id: string }).id);
  await client.query(COPY_ACTIVITIES, [id, from.id, ctx.now, ctx.actor.id]);
  await auditRows(client, ctx, gamesResource, 'create', [
    { id, changes: { [why]: from.id, name: set.name ?? from.name } },
  ]);
  (ctx.afterCommit ??= []).push(async () => invalidateCounts('activities'));
  return id;
}

export const gamesResource: ServerResource = {
  def: GAME_RESOURCES.games,
  table: 'games',
  entity: 'games',
  tenantColumn: 'account_id',
  relations: {
    chapter_id: { targetTable: 'chapters', targetTitle: 'name' },
    topic_id: { targetTable: 'topics', targetTitle: 'name' },
    origin_id: { targetTable: 'games', targetTitle: 'name', scope: gamesScope },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: gamesScope,
  hooks: {
    // The author's account (none for the content team: the library); private to its author until shared.
    beforeCreate: async (_c, ctx) => ({
      account_id: ctx.actor.account_id,
      is_private: ctx.actor.account_id !== null,
      share_status: null,
      game_status: 'WORK_IN_PROGRESS',
      version: 1,
    }),
    beforeUpdate: async (_c, _ctx, body, before) => {
      // Activities are written for the game's type: it changes only while there are none.
      if (body.type !== undefined && body.type !== before.type && Number(before.activities_count) > 0)
        throw new AppError(409, 'CONFLICT', 'games.typeLocked', {}, { type: 'games.typeLocked' });
    },
  },
  actions: {
    async complete({ client, rows }) {
      const empty = rows.find((row) => Number(row.activities_count) === 0);
      if (empty)
        throw new AppError(
          400,
          'VALIDATION',
          'games.completeEmpty',
          { name: String(empty.name) },
          { ids: 'games.completeEmpty' },
        );
      await client.query(`UPDATE games SET game_status = 'COMPLETED' WHERE id = ANY($1::uuid[])`, [
        rows.map((r) => r.id),
      ]);
      return {
        changes: Object.fromEntries(
          rows.map((r) => [String(r.id), { game_status: { from: r.game_status, to: 'COMPLETED' } }]),
        ),
      };
    },
    async versions({ client, ctx, rows }) {
      const answer: string[] = [];
      for (const row of rows as DbGameRow[]) {
        const family = row.origin_id ?? row.id;
        const next = await client.query(
          `SELECT COALESCE(max(version), 0)::int + 1 AS v FROM games WHERE id = $1 OR origin_id = $1`,
          [family],
        );
        const version = (next.rows[0] as { v: number }).v;
        answer.push(
          await copyGame(
            client,
            ctx,
            row,
            { game_status: 'WORK_IN_PROGRESS', version, origin_id: family },
            'version_of',
          ),
        );
      }
      return { answer };
    },
    async duplicate({ client, ctx, rows }) {
      const answer: string[] = [];
      for (const row of rows as DbGameRow[])
        answer.push(
          await copyGame(
            client,
            ctx,
            row,
            {
              name: `${row.name.slice(0, 110)} (copy)`,
              game_status: 'WORK_IN_PROGRESS',
              version: 1,
              origin_id: null,
              account_id: ctx.actor.account_id,
              is_private: ctx.actor.account_id !== null,
              share_status: null,
            },
            'copy_of',
          ),
        );
      return { answer };
    },
    async share({ client, rows }) {
      await client.query(`UPDATE games SET is_private = false, share_status = 'SHARED' WHERE id = ANY($1::uuid[])`, [
        rows.map((r) => r.id),
      ]);
      return {
        changes: Object.fromEntries(rows.map((r) => [String(r.id), { is_private: { from: true, to: false } }])),
      };
    },
    async 'make-private'({ client, rows }) {
      await client.query(`UPDATE games SET is_private = true, share_status = NULL WHERE id = ANY($1::uuid[])`, [
        rows.map((r) => r.id),
      ]);
      return {
        changes: Object.fromEntries(rows.map((r) => [String(r.id), { is_private: { from: false, to: true } }])),
      };
    },
    async collect({ client, ctx, rows }) {
      const answer: string[] = [];
      for (const row of rows as DbGameRow[])
        answer.push(
          await copyGame(
            client,
            ctx,
            row,
            {
              version: 1,
              origin_id: row.id,
              account_id: ctx.actor.account_id,
              is_private: true,
              share_status: 'COLLECTED',
            },
            'collected_from',
          ),
        );
      return { answer };
    },
  },
};

/** Activities in order within their game; the game counts its live activities. */
export const activityOrder = (): ChildOrder => ({
  parent: gamesResource,
  child: activitiesResource,
  countColumn: 'activities_count',
  beforeReorder: async (_client, ctx, game) => {
    if (!mayAuthor(ctx.actor, game as PolicyRow)) throw forbidden();
    if (game.game_status !== 'WORK_IN_PROGRESS') throw locked();
  },
});

const activityRules: WriteHooks = {
  beforeCreate: async (client, ctx, body) => {
    if (typeof body.game_id !== 'string') return;
    const game = await writableGame(client, ctx, body.game_id);
    checkAnswers(game.type, body.answers, body.question);
  },
  beforeUpdate: async (client, ctx, body, before) => {
    if (body.game_id !== undefined && body.game_id !== before.game_id)
      throw fieldError('game_id', 'games.activityMoves');
    const game = await writableGame(client, ctx, String(before.game_id));
    checkAnswers(
      game.type,
      body.answers !== undefined ? body.answers : before.answers,
      body.question !== undefined ? body.question : before.question,
    );
  },
  beforeDelete: async (client, ctx, ids) => {
    const games = await client.query(
      'SELECT DISTINCT game_id FROM activities WHERE id = ANY($1::uuid[]) ORDER BY game_id',
      [ids],
    );
    for (const g of games.rows as { game_id: string }[]) await writableGame(client, ctx, g.game_id);
  },
};

export const activitiesResource: ServerResource = {
  def: GAME_RESOURCES.activities,
  table: 'activities',
  entity: 'activities',
  relations: { game_id: { targetTable: 'games', targetTitle: 'name', scope: gamesScope } },
  many: {},
  scope: activitiesScope,
  // The game's state and author, kept on the row by triggers (migration 0008), for the policy's row rules.
  extraSelect: ['game_status', 'game_account_id', 'game_created_by'],
  present: (row, raw) => {
    row.game_status = raw.game_status ?? null;
    row.game_account_id = raw.game_account_id ?? null;
    row.game_created_by = raw.game_created_by ?? null;
  },
  hooks: chain(activityRules, orderedChildHooks(activityOrder)),
  actions: {
    /** A copy right after the original, in the same game (a work in progress the caller authors). */
    async duplicate({ client, ctx, rows }) {
      const answer: string[] = [];
      for (const row of rows) {
        const gameId = String(row.game_id);
        await writableGame(client, ctx, gameId);
        const at = Number(row.position) + 1;
        await client.query(
          'UPDATE activities SET position = position + 1 WHERE game_id = $1 AND deleted_at IS NULL AND position >= $2',
          [gameId, at],
        );
        const made = await client.query(
          `INSERT INTO activities (game_id, position, question, picture, audio_id, answers, created_at, updated_at, created_by, updated_by)
           SELECT game_id, $2, question, picture, audio_id, answers, $3, $3, $4, $4 FROM activities WHERE id = $1 RETURNING id`,
          [row.id, at, ctx.now, ctx.actor.id],
        );
        await client.query('UPDATE games SET activities_count = activities_count + 1 WHERE id = $1', [gameId]);
        const id = String((made.rows[0] as { id: string }).id);
        await auditRows(client, ctx, activitiesResource, 'create', [{ id, changes: { copy_of: row.id } }]);
        answer.push(id);
      }
      return { answer };
    },
  },
};
