import {
  CATALOG_NAMES,
  COLLECTION_ACTIONS,
  CURRICULUM_NAMES,
  GAME_RESOURCE_NAMES,
  IMAGE_RESOURCE_NAMES,
  RECORDING_RESOURCE_NAMES,
  ASSESSMENT_RESOURCE_NAMES,
  collectionActions,
  PAYMENT_METHODS,
  policyOf,
  ROW_ACTIONS,
  rowActions,
  TENANCY_NAMES,
  type Actor,
} from '@habla/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo';
import { seedDemoImages } from '../src/db/seed/demo-images';
import { seedDemoRecordings } from '../src/db/seed/demo-recordings';
import { seedDemoAssessments } from '../src/db/seed/demo-assessments';
import { seedStarterLibrary } from '../src/db/seed/starter/index';
import { createAccount } from '../src/modules/users/users.service';
import { buildTestApp, type TestApp } from './app';
import { buildUser, login } from './factories';

/**
 * Policy parity (decision 009): for every resource and every role, the actions the web shows equal
 * the actions the API allows. The web draws a row's Edit / Delete / Restore from the row's
 * `_actions` and its Add / Export buttons and menu entries from the shared policy, so for each
 * demo user (one per role, plus a parent) and each resource this test checks, row by row, that
 * - `_actions` as the API answers it equals the shared policy evaluated here (what the web runs), and
 * - equals what the API really does when each action is tried: read (GET), update (PATCH {}),
 *   delete (DELETE, then put back by the superadmin), restore (on a row in the trash, then put back);
 * and for the collection, that the policy's list / create / export equal the answers of GET, POST {}
 * (400 = past the guard, the body is refused) and GET /export. The resource's declared actions
 * (decision 010) are row actions too: each is tried on the row (POST /:id/<name>), where 409 (the
 * row's state) counts as refused like 403 and 404.
 */
let t: TestApp;
const PEOPLE = [
  'superadmin',
  'admin',
  'support',
  'editor',
  'viewer',
  'accountadmin',
  'supervisor',
  'therapist',
  'student',
  'parent',
  'student4',
];
const RESOURCES = [
  ...CATALOG_NAMES,
  ...TENANCY_NAMES,
  ...CURRICULUM_NAMES,
  ...GAME_RESOURCE_NAMES,
  ...IMAGE_RESOURCE_NAMES,
  ...RECORDING_RESOURCE_NAMES,
  ...ASSESSMENT_RESOURCE_NAMES,
] as string[];
const base = (resource: string) =>
  (CATALOG_NAMES as readonly string[]).includes(resource) ? `/api/catalogs/${resource}` : `/api/${resource}`;

const tokens = new Map<string, string>();
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Res = { statusCode: number; json: () => any; body: string };

/** A request as `who`; a session ended by a delete the test made (a user, their account) is opened again. */
async function call(who: string, method: Method, url: string, payload?: object): Promise<Res> {
  for (let attempt = 0; ; attempt += 1) {
    let token = tokens.get(who);
    if (!token) {
      token = (await login(t.app, who, DEMO_PASSWORD)).token;
      tokens.set(who, token);
    }
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode !== 401 || attempt > 0) return res;
    tokens.delete(who);
  }
}

/** 2xx: the API did it; 403 (refused), 404 (not in that state, or not in scope) or 409 (a declared action's state): it
 * did not; anything else fails the test. */
function allowed(what: string, res: Res, past = [200, 201]): boolean {
  if (past.includes(res.statusCode)) return true;
  if (res.statusCode === 403 || res.statusCode === 404 || res.statusCode === 409) return false;
  throw new Error(`${what}: unexpected ${res.statusCode} ${res.body.slice(0, 200)}`);
}

type Row = Record<string, unknown> & { id: string; deleted_at: string | null; _actions: string[] };

/** The columns a resource's declared actions change on the row itself (put back after each try). */
const STATEFUL: Record<string, string[]> = {
  games: ['game_status', 'is_private', 'share_status'],
  recordings: ['session_status', 'failure_reason', 'completed_at'],
  assessments: ['assessment_status', 'completed_at', 'completed_by'],
};

/**
 * Undo a delete or a restore: by the superadmin, or, for a private image the superadmin cannot see
 * (404), by the one who just did it.
 */
async function putBack(who: string, method: 'POST' | 'DELETE', url: string): Promise<void> {
  let res = await call('superadmin', method, url);
  if (res.statusCode === 404) res = await call(who, method, url);
  expect(res.statusCode, `put back ${method} ${url}`).toBe(200);
}

/** What the API really allows `who` to do to `row`; every change is undone by the superadmin. */
async function triedRowActions(who: string, resource: string, row: Row): Promise<string[]> {
  const url = `${base(resource)}/${row.id}`;
  const out: string[] = [];
  if (allowed(`${who} GET ${url}`, await call(who, 'GET', url))) out.push('read');
  if (allowed(`${who} PATCH ${url}`, await call(who, 'PATCH', url, {}))) out.push('update');
  if (allowed(`${who} DELETE ${url}`, await call(who, 'DELETE', url))) {
    out.push('delete');
    await putBack(who, 'POST', `${url}/restore`);
  }
  if (allowed(`${who} restore ${url}`, await call(who, 'POST', `${url}/restore`))) {
    out.push('restore');
    await putBack(who, 'DELETE', url);
  }
  // Declared actions, each tried on the row as it was: one that changes the row's state (a game
  // completed, shared) is undone before the next is tried. What they make (copies, versions, an
  // e-mailed link) stays: it changes no row being judged.
  const state = STATEFUL[resource];
  const before = state
    ? (await t.database.pool.query(`SELECT ${state.join(', ')} FROM ${resource} WHERE id = $1`, [row.id])).rows[0]
    : undefined;
  for (const action of policyOf(resource).actions) {
    if (!allowed(`${who} ${action} ${url}`, await call(who, 'POST', `${url}/${action}`))) continue;
    out.push(action);
    if (state && before)
      await t.database.pool.query(
        `UPDATE ${resource} SET ${state.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`,
        [row.id, ...state.map((c) => before[c])],
      );
  }
  return out;
}

async function triedCollectionActions(who: string, resource: string): Promise<string[]> {
  const url = base(resource);
  const out: string[] = [];
  if (allowed(`${who} GET ${url}`, await call(who, 'GET', `${url}?max=1`))) out.push('list');
  // An empty body passes the guard only to be refused by validation (400): nothing is created. An
  // image comes only as an upload: past the guard, a JSON body is refused as not multipart (415).
  if (
    allowed(
      `${who} POST ${url}`,
      await call(who, 'POST', url, {}),
      ['images', 'recordings'].includes(resource) ? [415] : [400],
    )
  )
    out.push('create');
  if (allowed(`${who} export ${url}`, await call(who, 'GET', `${url}/export?q=no-such-word-anywhere`)))
    out.push('export');
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedStarterLibrary(t.database.pool, t.clock.now());
  await seedDemo(t.app.db, t.clock.now());
  await seedDemoImages(t.app.db, t.app.storage, t.clock.now());
  await seedDemoRecordings(t.app.db, t.app.storage, t.clock.now());
  await seedDemoAssessments(t.app.db, t.clock.now());
  const [center] = (await t.database.pool.query(`SELECT id FROM accounts WHERE name = 'Demo Therapy Center'`)).rows as {
    id: string;
  }[];
  // One row of every resource in the trash, made for the purpose (restoring it must not touch the demo people).
  const spare = {
    accounts: await createAccount(t.app.db, {
      name: 'Spare account',
      membership_type: 'therapist',
      now: t.clock.now(),
    }),
    users: (await buildUser(t.app.db, { role: 'THERAPIST', accountId: center!.id })).id,
    clients: (await buildUser(t.app.db, { role: 'STUDENT', accountId: center!.id })).id,
    // A completed game, never the demo's draft: the draft's activity below goes to the trash only
    // while its game is live and a work in progress (the first game of the list was sometimes the
    // draft, whose trashing then made that activity's delete a 400).
    games: (
      (
        await t.database.pool.query(
          `SELECT id FROM games WHERE game_status <> 'WORK_IN_PROGRESS' ORDER BY name LIMIT 1`,
        )
      ).rows[0] as { id: string }
    ).id,
    // An activity goes to the trash only while its game is a work in progress (the demo's draft).
    activities: (
      (
        await t.database.pool.query(
          `SELECT a.id FROM activities a JOIN games g ON g.id = a.game_id WHERE g.game_status = 'WORK_IN_PROGRESS' ORDER BY a.position DESC LIMIT 1`,
        )
      ).rows[0] as { id: string }
    ).id,
  } as Record<string, string>;
  for (const resource of RESOURCES) {
    let id = spare[resource];
    if (!id) {
      const rows = (await call('superadmin', 'GET', `${base(resource)}?max=1`)).json().data as Row[];
      id = rows.at(-1)!.id;
    }
    const trashed = await call('superadmin', 'DELETE', `${base(resource)}/${id}`);
    expect(trashed.statusCode, `${resource} to the trash: ${trashed.body.slice(0, 200)}`).toBe(200);
  }
}, 120_000);

describe('policy parity', () => {
  it(
    'for every resource and role, the actions the web shows equal the actions the API allows',
    { timeout: 600_000 },
    async () => {
      const wrong: string[] = [];
      let rowsChecked = 0;
      let tries = 0;
      const customSeen = { allowed: false, refused: false };
      for (const resource of RESOURCES) {
        const policy = policyOf(resource);
        for (const who of PEOPLE) {
          const actor = (await call(who, 'GET', '/api/auth/me')).json().data as Actor;
          const web = collectionActions(policy, actor);
          const api = await triedCollectionActions(who, resource);
          tries += COLLECTION_ACTIONS.length;
          if (web.join() !== api.join()) wrong.push(`${who} ${resource}: web shows [${web}], API allows [${api}]`);
          if (!api.includes('list')) continue;
          const live = (await call(who, 'GET', `${base(resource)}?max=2`)).json().data as Row[];
          const trash = (await call(who, 'GET', `${base(resource)}?max=1&trash=true`)).json().data as Row[];
          for (const row of [...live, ...trash]) {
            const shown = [...row._actions].sort();
            const webRow = rowActions(policy, actor, row).sort();
            const apiRow = (await triedRowActions(who, resource, row)).sort();
            rowsChecked += 1;
            tries += ROW_ACTIONS.length + policy.actions.length;
            for (const action of policy.actions) customSeen[apiRow.includes(action) ? 'allowed' : 'refused'] = true;
            if (shown.join() !== webRow.join())
              wrong.push(`${who} ${resource}/${row.id}: _actions [${shown}], shared policy [${webRow}]`);
            if (shown.join() !== apiRow.join())
              wrong.push(
                `${who} ${resource}/${row.id}${row.deleted_at ? ' (trash)' : ''}: _actions [${shown}], API allows [${apiRow}]`,
              );
          }
        }
      }
      console.info(
        `policy parity: ${RESOURCES.length} resources × ${PEOPLE.length} users, ${rowsChecked} rows, ${tries} actions tried, ${wrong.length} differences`,
      );
      expect(rowsChecked).toBeGreaterThan(200);
      // The declared actions were really reached: some row allowed one, some refused it.
      expect(customSeen).toEqual({ allowed: true, refused: true });
      expect(wrong).toEqual([]);
    },
  );
});

describe('accounts (decision 009)', () => {
  it('a therapist lists their account without what it pays, and cannot open, export or filter on it', async () => {
    const list = await call('therapist', 'GET', '/api/accounts');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Row[];
    expect(rows.map((r) => r.name)).toEqual(['Demo Therapy Center']);
    expect(rows[0]).toMatchObject({ amount: null, payment_method: null, _actions: [] });
    expect((await call('therapist', 'GET', `/api/accounts/${rows[0]!.id}`)).statusCode).toBe(403);
    expect((await call('therapist', 'GET', '/api/accounts/export')).statusCode).toBe(403);
    // A filter or a sort on a hidden field is ignored: it cannot tell the value by narrowing the list.
    for (const method of PAYMENT_METHODS) {
      const filtered = await call('therapist', 'GET', `/api/accounts?payment_method=${method}&col=amount`);
      expect(filtered.statusCode).toBe(200);
      expect(
        (filtered.json().data as Row[]).map((r) => r.id),
        method,
      ).toEqual([rows[0]!.id]);
    }
    // The account admin opens it and sees the amount.
    const own = await call('accountadmin', 'GET', `/api/accounts/${rows[0]!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.amount).not.toBeNull();
    expect(own.json().data._actions).toEqual(['read']);
  });
});
