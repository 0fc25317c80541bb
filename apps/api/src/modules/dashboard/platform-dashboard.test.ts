import type { Role } from '@habla/shared';
import type { AccountDashboard, PlatformDashboard } from '@habla/shared/schemas/platform-dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeClock, type TestApp } from '../../../test/app';
import { buildUser, login, type BuiltUser } from '../../../test/factories';
import type { DbStudentDayStatsRow } from '../../db/schema/index';
import { createAccount } from '../users/users.service';

/**
 * The platform dashboard (docs/product.md §6) over data made here and counted by hand: three live
 * accounts and one in the trash, thirteen live users and one removed, sign-ins and played days at
 * known distances from today, failed jobs inside and outside the week, stored files, images and
 * recordings.
 * Only platform staff read it; SUPPORT reads it without the jobs (the jobs policy).
 */
const DAY = 86_400_000;
// Today at noon (UTC): the app's clock. Days and weeks are UTC days.
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY + 12 * 3_600_000);
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** The Monday that starts the week of `d` (PostgreSQL's date_trunc('week')). */
const mondayOf = (d: Date) =>
  ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - ((d.getUTCDay() + 6) % 7) * DAY));

let t: TestApp;
const people: Record<string, BuiltUser> = {};
const tokens: Record<string, { authorization: string }> = {};
const accounts: Record<string, string> = {};

const get = (who: string | null, url = '/api/dashboards/platform') =>
  t.app.inject({ method: 'GET', url, headers: who ? tokens[who] : {} });

/** Sign `who` in at `when` (the clock is put back to today afterwards). */
async function signInAt(who: string, when: Date): Promise<void> {
  t.clock.set(when);
  tokens[who] = (await login(t.app, people[who]!.username, people[who]!.password)).headers;
  t.clock.set(NOW);
}

/** One played day of a student in the analytics rollup (decision 026), as finishing a session leaves it. */
async function playedDay(who: string, daysAgo: number, sessions = 1): Promise<void> {
  const row: DbStudentDayStatsRow = {
    student_id: people[who]!.id,
    day: ymd(ago(daysAgo)),
    account_id: people[who]!.accountId!,
    sessions,
    completed: sessions,
    passed: sessions,
    scored: sessions,
    score_sum: String(80 * sessions),
    activities: 2 * sessions,
    first_try: sessions,
    tries: 3 * sessions,
    duration_ms: 60_000 * sessions,
    evaluated: 0,
    words_out_of_place: 0,
    parts_of_speech: 0,
    syntax_error: 0,
  };
  const cols = Object.keys(row);
  await t.database.pool.query(
    `INSERT INTO student_day_stats (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}

/** A job row as pg-boss leaves it (state, when it ended). */
async function job(name: string, state: 'failed' | 'completed' | 'cancelled', daysAgo: number): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO ${t.app.jobs.schema}.job (name, data, state, created_on, started_on, completed_on, output)
     VALUES ($1, '{}', $2, $3, $3, $3, '{"message": "refused"}')`,
    [name, state, ago(daysAgo)],
  );
}

async function file(account: string | null, contentType: string, size: number): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO files (account_id, storage_key, name, content_type, size, sha256) VALUES ($1, $2, 'f', $3, $4, 'x')`,
    [account, `${account ?? 'platform'}/${crypto.randomUUID()}`, contentType, size],
  );
}

beforeAll(async () => {
  t = await buildTestApp({ clock: fakeClock(NOW) });
  const db = t.app.db;
  // Accounts: one made 5 days ago (students at its limit), one 40 days ago (adults at 80 %), one
  // yesterday on hold (roomy), and one in the trash that would be full.
  const make = async (key: string, name: string, daysAgo: number, max: [number, number], status = 'ACTIVE') => {
    accounts[key] = await createAccount(db, { name, membership_type: 'therapist_center', status, now: ago(daysAgo) });
    await t.database.pool.query('UPDATE accounts SET max_students = $2, max_adults = $3 WHERE id = $1', [
      accounts[key],
      ...max,
    ]);
  };
  await make('full', 'Full Center', 5, [2, 10]);
  await make('near', 'Near Family', 40, [10, 5]);
  await make('roomy', 'Roomy School', 1, [10, 10], 'ON-HOLD');
  await make('gone', 'Gone Account', 2, [0, 0]);
  await t.database.pool.query('UPDATE accounts SET deleted_at = $2 WHERE id = $1', [accounts.gone, NOW]);

  const user = async (key: string, role: Role, account: string | null = null) =>
    (people[key] = await buildUser(db, { role, accountId: account, now: ago(50) }));
  await user('superadmin', 'SUPERADMIN');
  await user('admin', 'ADMIN');
  await user('support', 'SUPPORT');
  await user('editor', 'EDITOR');
  await user('ther', 'THERAPIST', accounts.full!);
  await user('s1', 'STUDENT', accounts.full!);
  await user('s2', 'STUDENT', accounts.full!);
  await user('accadmin', 'ACCOUNT_ADMIN', accounts.near!);
  await user('ther2', 'THERAPIST', accounts.near!);
  await user('ther3', 'THERAPIST', accounts.near!);
  await user('sup', 'SUPERVISOR', accounts.near!);
  await user('s3', 'STUDENT', accounts.near!);
  await user('s4', 'STUDENT', accounts.roomy!);
  await user('s5', 'STUDENT', accounts.roomy!);
  await t.database.pool.query('UPDATE users SET deleted_at = $2 WHERE id = $1', [people.s5!.id, NOW]);

  // Sign-ins: seven people today, the therapist and s2 three days ago, s3 ten days ago, the
  // supervisor forty days ago (outside the 30 days, inside the 8 weeks). A refused sign-in counts not.
  for (const who of ['superadmin', 'admin', 'support', 'editor', 'ther', 'accadmin', 's1']) await signInAt(who, NOW);
  await signInAt('ther', ago(3));
  await signInAt('s2', ago(3));
  await signInAt('s3', ago(10));
  await signInAt('sup', ago(40));
  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: people.s4!.username, password: 'Not-The-Password-1' },
  });
  expect(refused.statusCode).toBe(401);
  // The therapist's sessions of three days ago have run out: sign in again (already counted today).
  await signInAt('ther', NOW);

  // Played days: s1 today (two sessions) and three days ago, s2 three days ago, s3 twenty days ago,
  // s4 forty-five days ago (outside the 30 days, inside the 8 weeks).
  await playedDay('s1', 0, 2);
  await playedDay('s1', 3);
  await playedDay('s2', 3);
  await playedDay('s3', 20);
  await playedDay('s4', 45);

  // Jobs: three failed within the week (two e-mails, one recording), one failed eight days ago, and
  // others that did not fail.
  await job('email.send', 'failed', 1);
  await job('email.send', 'failed', 2);
  await job('recording.audio', 'failed', 6);
  await job('recording.audio', 'failed', 8);
  await job('email.send', 'completed', 1);
  await job('recording.audio', 'cancelled', 1);

  // Files: an image and a recording of the full account, an image and a PDF of the platform.
  await file(accounts.full!, 'image/webp', 1000);
  await file(accounts.full!, 'audio/webm', 5000);
  await file(null, 'image/png', 250);
  await file(null, 'application/pdf', 100);
  // A gallery image (its full size counts) and a recording as uploaded, both the full account's.
  await t.database.pool.query(
    `INSERT INTO images (name, alt, content_type, width, height, size, original_key, medium_key, thumb_key, sha256, account_id)
     VALUES ('Cat', 'A cat', 'image/webp', 10, 10, 2000, 'o', 'm', 't', 'x', $1)`,
    [accounts.full],
  );
  await t.database.pool.query(
    `INSERT INTO recordings (title, student_id, account_id, language, consent_by, consent_at, source_size)
     VALUES ('Talk', $1, $2, 'en', $3, $4, 30000)`,
    [people.s1!.id, accounts.full, people.ther!.id, NOW],
  );
});

/** Active people per Monday-to-Sunday week over the 8 weeks, from (person, days ago) events. */
function weeksOf(signIns: [string, number][], plays: [string, number][]) {
  const thisMonday = new Date(`${mondayOf(NOW)}T00:00:00Z`);
  return Array.from({ length: 8 }, (_, n) => {
    const week = ymd(new Date(thisMonday.getTime() - n * 7 * DAY));
    const distinct = (events: [string, number][]) =>
      new Set(events.filter(([, d]) => mondayOf(ago(d)) === week).map(([w]) => w)).size;
    return { week, users: distinct(signIns), students: distinct(plays) };
  });
}

/** The 30 days, newest first, with the people active on some of them (days ago → count). */
const daysOf = (usersOn: Record<number, number>, studentsOn: Record<number, number>) =>
  Array.from({ length: 30 }, (_, n) => ({ day: ymd(ago(n)), users: usersOn[n] ?? 0, students: studentsOn[n] ?? 0 }));

/** The figures worked out by hand from the data above. */
function expected(): PlatformDashboard {
  const signIns: [string, number][] = [
    ...['superadmin', 'admin', 'support', 'editor', 'ther', 'accadmin', 's1'].map((w): [string, number] => [w, 0]),
    ['ther', 3],
    ['s2', 3],
    ['s3', 10],
    ['sup', 40],
  ];
  const plays: [string, number][] = [
    ['s1', 0],
    ['s1', 3],
    ['s2', 3],
    ['s3', 20],
    ['s4', 45],
  ];
  // Today 7 signed in, three days ago 2, ten days ago 1; played: today 1, three days ago 2, twenty days ago 1.
  const days = daysOf({ 0: 7, 3: 2, 10: 1 }, { 0: 1, 3: 2, 20: 1 });
  // Weeks: distinct people per Monday-to-Sunday week, which depends on today's weekday.
  const weeks = weeksOf(signIns, plays);
  return {
    as_of: NOW.toISOString(),
    // Full Center (5 days) and Roomy School (1 day) are new; Near Family is 40 days old; Gone is in the trash.
    accounts: {
      total: 3,
      new_30d: 2,
      by_status: [
        { status: 'ACTIVE', count: 2 },
        { status: 'ON-HOLD', count: 1 },
        { status: 'INACTIVE', count: 0 },
        { status: 'CANCELED', count: 0 },
      ],
    },
    // 14 made, s5 removed.
    users: {
      total: 13,
      by_role: [
        { role: 'SUPERADMIN', count: 1 },
        { role: 'ADMIN', count: 1 },
        { role: 'SUPPORT', count: 1 },
        { role: 'EDITOR', count: 1 },
        { role: 'VIEWER', count: 0 },
        { role: 'ACCOUNT_ADMIN', count: 1 },
        { role: 'SUPERVISOR', count: 1 },
        { role: 'THERAPIST', count: 3 },
        { role: 'STUDENT', count: 4 },
      ],
    },
    activity: {
      // 7 today + s2 three days ago (the therapist already counted); s3 ten days ago for the 30 days.
      users_7d: 8,
      users_30d: 9,
      // s1 and s2; s3 twenty days ago for the 30 days.
      students_7d: 2,
      students_30d: 3,
      days,
      weeks,
    },
    // Full Center: 2 of 2 students (full). Near Family: 4 of 5 adults (80 %: near). Roomy School: 1 of 10.
    limits: {
      near: 1,
      full: 1,
      accounts: [
        { id: accounts.full!, name: 'Full Center', students: 2, max_students: 2, adults: 1, max_adults: 10 },
        { id: accounts.near!, name: 'Near Family', students: 1, max_students: 10, adults: 4, max_adults: 5 },
      ],
    },
    jobs: {
      failed_7d: 3,
      last_failed_at: ago(1).toISOString(),
      by_name: [
        { name: 'email.send', count: 2 },
        { name: 'recording.audio', count: 1 },
      ],
    },
    // Files 1000 + 5000 + 250 + 100 bytes, the image's 2000 and the recording's 30000.
    storage: {
      files: 6,
      bytes: 38350,
      by_kind: [
        { kind: 'audio', files: 2, bytes: 35000 },
        { kind: 'image', files: 3, bytes: 3250 },
        { kind: 'other', files: 1, bytes: 100 },
      ],
    },
  };
}

describe('the platform dashboard', () => {
  it('counts accounts, users by role, active people per day and week, limits, failed jobs and storage', async () => {
    const res = await get('superadmin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expected());
  });

  it('answers the platform admin the same figures, and SUPPORT the same without the jobs (the jobs policy)', async () => {
    const admin = await get('admin');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toEqual(expected());
    const support = await get('support');
    expect(support.statusCode, support.body).toBe(200);
    expect(support.json().data).toEqual({ ...expected(), jobs: null });
  });

  it('refuses everyone else: 403 for a therapist, an account admin and the content team, 401 signed out', async () => {
    for (const who of ['ther', 'accadmin', 'editor', 's1']) {
      const res = await get(who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ status: false });
    }
    expect((await get(null)).statusCode).toBe(401);
  });
});

/** An account's roles with their counts, the roles not named at zero (platform roles have no account). */
const byRole = (counts: Partial<Record<Role, number>>) =>
  (['ACCOUNT_ADMIN', 'SUPERVISOR', 'THERAPIST', 'STUDENT'] as const).map((role) => ({
    role,
    count: counts[role] ?? 0,
  }));

describe('the account dashboard', () => {
  it('counts one account’s users, active people, limits and storage for its admin, and nothing of the others', async () => {
    const res = await get('accadmin', '/api/dashboards/account');
    expect(res.statusCode, res.body).toBe(200);
    // Near Family: its admin, two therapists, a supervisor and s3. Signed in: the admin today, s3 ten
    // days ago, the supervisor forty days ago; s3 played twenty days ago. No file of its own.
    const near: AccountDashboard = {
      as_of: NOW.toISOString(),
      account: { id: accounts.near!, name: 'Near Family', students: 1, max_students: 10, adults: 4, max_adults: 5 },
      users: { total: 5, by_role: byRole({ ACCOUNT_ADMIN: 1, SUPERVISOR: 1, THERAPIST: 2, STUDENT: 1 }) },
      activity: {
        users_7d: 1,
        users_30d: 2,
        students_7d: 0,
        students_30d: 1,
        days: daysOf({ 0: 1, 10: 1 }, { 20: 1 }),
        weeks: weeksOf(
          [
            ['accadmin', 0],
            ['s3', 10],
            ['sup', 40],
          ],
          [['s3', 20]],
        ),
      },
      storage: { files: 0, bytes: 0, by_kind: [] },
    };
    expect(res.json().data).toEqual(near);
  });

  it('gives another account’s admin that account’s figures: its files, its students at their limit', async () => {
    people.fulladmin = await buildUser(t.app.db, { role: 'ACCOUNT_ADMIN', accountId: accounts.full!, now: ago(50) });
    await signInAt('fulladmin', NOW);
    const res = await get('fulladmin', '/api/dashboards/account');
    expect(res.statusCode, res.body).toBe(200);
    // Full Center: the therapist, s1, s2 and its admin. Signed in: the therapist, s1 and the admin
    // today, s2 three days ago; played: s1 today and three days ago, s2 three days ago. Files: an
    // image of 1,000 bytes, a recording file of 5,000, a gallery image of 2,000, a recording of 30,000.
    expect(res.json().data).toEqual({
      as_of: NOW.toISOString(),
      account: { id: accounts.full!, name: 'Full Center', students: 2, max_students: 2, adults: 2, max_adults: 10 },
      users: { total: 4, by_role: byRole({ ACCOUNT_ADMIN: 1, THERAPIST: 1, STUDENT: 2 }) },
      activity: {
        users_7d: 4,
        users_30d: 4,
        students_7d: 2,
        students_30d: 2,
        days: daysOf({ 0: 3, 3: 2 }, { 0: 1, 3: 2 }),
        weeks: weeksOf(
          [
            ['ther', 0],
            ['s1', 0],
            ['fulladmin', 0],
            ['ther', 3],
            ['s2', 3],
          ],
          [
            ['s1', 0],
            ['s1', 3],
            ['s2', 3],
          ],
        ),
      },
      storage: {
        files: 4,
        bytes: 38000,
        by_kind: [
          { kind: 'audio', files: 2, bytes: 35000 },
          { kind: 'image', files: 2, bytes: 3000 },
        ],
      },
    } satisfies AccountDashboard);
  });

  it('refuses platform staff, a therapist, a student and the content team (403), and 401 signed out', async () => {
    for (const who of ['superadmin', 'admin', 'ther', 's1', 'editor']) {
      const res = await get(who, '/api/dashboards/account');
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
    }
    expect((await get(null, '/api/dashboards/account')).statusCode).toBe(401);
  });
});
