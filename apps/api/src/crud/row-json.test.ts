import { policyOf } from '@habla/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { ENGINE_RESOURCES } from '../../test/resources';
import { accounts, users } from '../db/schema/index';
import { seedDemo } from '../db/seed/demo';
import { systemContext } from '../lib/context';
import { toAuthUser, userWithPermissions } from '../modules/auth/sessions';
import type { ListParams, Row } from './contract';
import { rowsAsJson } from './list-query';
import { presentJsonRows, presentRow } from './routes';
import { createRow, findPage, findPageJson } from './service';
import { ident } from './sql';

/**
 * A list page PostgreSQL writes as JSON (list-query.ts `rowJson`, decision 008) must be the page Node
 * builds (service.ts `toRow`, routes.ts `presentRow`): every resource that takes the JSON path, live
 * and in the trash, with fields hidden, sorted and searched, and the actions of several roles.
 */
let t: TestApp;

async function principal(username: string) {
  const [row] = await t.app.db
    .select(userWithPermissions)
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(eq(users.username, username));
  return toAuthUser(row!);
}

const params = (p: Partial<ListParams> = {}): ListParams => ({ page: 0, max: 50, filters: {}, ...p });
/** What routes.ts sends as PostgreSQL wrote it: rows it can write, actions that do not depend on the row. */
const JSON_RESOURCES = ENGINE_RESOURCES.filter((r) => rowsAsJson(r) && policyOf(r.def.name).rowFree === true);

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, t.clock.now());
  // Levels with two goals each (targets), so a many-link has ids and labels to write; then one row
  // of each resource in the trash.
  const levels = JSON_RESOURCES.find((r) => r.def.name === 'levels')!;
  const goals = (
    await t.database.pool.query('SELECT id FROM targets WHERE deleted_at IS NULL ORDER BY name LIMIT 2')
  ).rows.map((x: { id: string }) => x.id);
  const ctx = systemContext(t.app, { requestId: 'test:row-json', actor: await principal('superadmin') });
  for (const n of [1, 2, 3])
    await createRow(ctx, levels, { name: `Level ${n}`, slug: `level-${n}`, position: n, goal_ids: goals });
  // One row of each resource in the trash.
  for (const r of JSON_RESOURCES) {
    const table = ident(r.table);
    await t.database.pool.query(
      `UPDATE ${table} SET deleted_at = now() WHERE id = (SELECT id FROM ${table} ORDER BY id LIMIT 1) AND (SELECT count(*) FROM ${table}) > 1`,
    );
  }
});

/** Both ways of writing one page, parsed. */
async function bothWays(username: string, name: string, p: ListParams, hidden: readonly string[] = []) {
  const r = JSON_RESOURCES.find((x) => x.def.name === name)!;
  const actor = await principal(username);
  const ctx = systemContext(t.app, { requestId: 'test:row-json', actor });
  const policy = policyOf(r.def.name);
  const node = await findPage(ctx, r, p);
  const sql = await findPageJson(ctx, r, p, hidden);
  const built = node.rows.map((row) => {
    const out: Row = presentRow(policy, actor, row);
    for (const h of hidden) out[h] = null;
    return out;
  });
  return {
    node: built,
    sql: JSON.parse(`[${presentJsonRows(policy, actor, sql.rows)}]`) as Row[],
    totals: [node.total, sql.total],
  };
}

describe('list rows written by PostgreSQL', () => {
  it('are the rows Node builds, for every resource on the JSON path, live and in the trash', async () => {
    // The catalogs, curriculum and tenancy records: text, enums, enum lists, numbers, decimals,
    // dates, relations with labels and many-links.
    expect(JSON_RESOURCES.map((r) => r.def.name)).toEqual(
      expect.arrayContaining(['dictionary', 'formulations', 'levels', 'accounts', 'workspaces']),
    );
    let rows = 0;
    for (const r of JSON_RESOURCES) {
      for (const trash of [false, true]) {
        const { node, sql, totals } = await bothWays('superadmin', r.def.name, params({ trash }));
        expect(sql, `${r.def.name} trash=${trash}`).toEqual(node);
        expect(totals[0]).toBe(totals[1]);
        rows += sql.length;
      }
    }
    expect(rows).toBeGreaterThan(300);
  });

  it('hide the fields the caller may not read, as Node does', async () => {
    const { node, sql } = await bothWays('superadmin', 'accounts', params(), ['amount', 'payment_method']);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.every((row) => row.amount === null && row.payment_method === null)).toBe(true);
    expect(sql).toEqual(node);
    const many = await bothWays('superadmin', 'levels', params(), ['goal_ids']);
    expect(many.sql.some((row) => Array.isArray(row.goals) && row.goals.length > 0)).toBe(true);
    expect(many.sql).toEqual(many.node);
  });

  it('keep the order of sorted, deeper and searched pages, and give each role its own actions', async () => {
    for (const [who, name, p] of [
      ['superadmin', 'dictionary', params({ col: 'word', order: 'desc', max: 25, page: 3 })],
      ['therapist', 'dictionary', params({ q: 'ter', max: 25 })],
      ['therapist', 'verbs', params({ col: 'semantic_complexity', order: 'asc', max: 10, page: 2 })],
      ['editor', 'topics', params({ max: 20 })],
      ['viewer', 'formulations', params({ max: 20 })],
      ['accountadmin', 'workspaces', params({ max: 20 })],
    ] as const) {
      const { node, sql } = await bothWays(who, name, p);
      expect(sql.length, `${who} ${name}`).toBeGreaterThan(0);
      expect(sql, `${who} ${name}`).toEqual(node);
    }
    const viewer = await bothWays('viewer', 'dictionary', params({ max: 5 }));
    const editor = await bothWays('editor', 'dictionary', params({ max: 5 }));
    expect(viewer.sql[0]!._actions).not.toContain('update');
    expect(editor.sql[0]!._actions).toContain('update');
  });
});
