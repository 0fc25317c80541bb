import { CATALOG_NAMES, ROLE_VALUES, type Role } from '@habla/shared';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { createAccount } from '../src/modules/users/users.service';
import { buildUser, login } from './factories';

/**
 * The authorization matrix (docs/product.md §2–3): every API route × every kind of caller → allowed or
 * refused. The table is declared by hand, not computed from the permission code it checks. The
 * test enumerates the routes the server registered (its OpenAPI document) and fails when a route
 * has no row, when a row names no route, or when any answer differs from the table: a refused
 * caller gets 401 (anonymous) or 403 (signed in), an allowed one anything else (400 for the empty
 * bodies and 404 for the random ids sent here, so nothing changes while probing).
 */
/** Every role, anonymous, a parent (ACCOUNT_ADMIN of a family account) and an ACCOUNT_ADMIN of another account. */
type Principal = 'anonymous' | Role | 'parent' | 'otherAccount';
const PRINCIPALS: Principal[] = ['anonymous', ...ROLE_VALUES, 'parent', 'otherAccount'];
const SIGNED_IN: Principal[] = PRINCIPALS.filter((p) => p !== 'anonymous');
const PUBLIC: Principal[] = PRINCIPALS;
/** Catalog writes: the content team and the platform admins (docs/product.md §3 defaults). */
const CATALOG_WRITERS: Principal[] = ['SUPERADMIN', 'ADMIN', 'EDITOR'];

const MATRIX: Record<string, Principal[]> = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'GET /api/auth/csrf-cookie': PUBLIC,
  'POST /api/auth/logout': SIGNED_IN,
  'GET /api/auth/me': SIGNED_IN,
  'POST /api/auth/change-password': SIGNED_IN,
  'PUT /api/auth/view-options': SIGNED_IN,
  'GET /api/role-permissions': ['SUPERADMIN', 'ADMIN', 'ACCOUNT_ADMIN', 'otherAccount'],
  'GET /api/pictures/{code}': PUBLIC,
};
/** The ten generic routes of one resource on the engine: who lists, opens one row, exports, writes and removes. */
function engineRows(
  base: string,
  who: { list: Principal[]; show: Principal[]; exporters: Principal[]; write: Principal[]; remove: Principal[] },
): void {
  Object.assign(MATRIX, {
    [`GET ${base}/`]: who.list,
    [`GET ${base}/export`]: who.exporters,
    [`GET ${base}/{id}`]: who.show,
    [`POST ${base}/`]: who.write,
    [`PUT ${base}/{id}`]: who.write,
    [`PATCH ${base}/{id}`]: who.write,
    [`DELETE ${base}/{id}`]: who.remove,
    [`POST ${base}/{id}/restore`]: who.remove,
    [`POST ${base}/bulk-delete`]: who.remove,
    [`POST ${base}/bulk-restore`]: who.remove,
  });
}

// Reference catalogs are exported by those who maintain them, not by every reader.
for (const name of CATALOG_NAMES) {
  engineRows(`/api/catalogs/${name}`, {
    list: SIGNED_IN,
    show: SIGNED_IN,
    exporters: CATALOG_WRITERS,
    write: CATALOG_WRITERS,
    remove: CATALOG_WRITERS,
  });
}

/** Tenancy resources (docs/product.md §3 defaults): who may read and who may write each. */
const ADMIN_USERS: Principal[] = ['SUPERADMIN', 'ADMIN', 'SUPPORT', 'ACCOUNT_ADMIN', 'otherAccount'];
const PLATFORM_ADMINS: Principal[] = ['SUPERADMIN', 'ADMIN'];
const ACCOUNT_ADMINS: Principal[] = ['SUPERADMIN', 'ADMIN', 'ACCOUNT_ADMIN', 'otherAccount'];
/** `open`: who may open one row and export (when narrower than listing: seed §6 gates account show behind ADMIN_USERS).
 * */
const TENANCY: Record<string, { read: Principal[]; open?: Principal[]; write: Principal[]; remove?: Principal[] }> = {
  accounts: { read: SIGNED_IN, open: ADMIN_USERS, write: PLATFORM_ADMINS },
  plans: { read: SIGNED_IN, write: ['SUPERADMIN'] },
  organizations: { read: ADMIN_USERS, write: ACCOUNT_ADMINS },
  billings: { read: ADMIN_USERS, write: PLATFORM_ADMINS },
  users: { read: ADMIN_USERS, write: ADMIN_USERS },
  clients: { read: SIGNED_IN, write: [...ACCOUNT_ADMINS, 'SUPERVISOR', 'THERAPIST'], remove: ACCOUNT_ADMINS },
  workspaces: { read: SIGNED_IN, write: ACCOUNT_ADMINS },
};
for (const [name, { read, open = read, write, remove = write }] of Object.entries(TENANCY)) {
  engineRows(`/api/${name}`, { list: read, show: open, exporters: open, write, remove });
}
/**
 * Curriculum (docs/product.md §3–4): every adult role reads levels and chapters; EDITOR creates and
 * edits levels and administers chapters (reordering is a chapter change); only the platform admins
 * remove levels. Students read neither.
 */
const CURRICULUM_READERS: Principal[] = SIGNED_IN.filter((p) => p !== 'STUDENT');
const CURRICULUM: Record<string, { write: Principal[]; remove: Principal[] }> = {
  levels: { write: CATALOG_WRITERS, remove: PLATFORM_ADMINS },
  chapters: { write: CATALOG_WRITERS, remove: CATALOG_WRITERS },
};
for (const [name, { write, remove }] of Object.entries(CURRICULUM)) {
  engineRows(`/api/${name}`, { list: CURRICULUM_READERS, show: CURRICULUM_READERS, exporters: write, write, remove });
}
MATRIX['PUT /api/levels/{id}/chapters/order'] = CATALOG_WRITERS;
/**
 * Games and activities: every adult role but SUPPORT-as-writer reads them in its scope;
 * those who make content (the content team, platform admins, account admins, therapists and
 * supervisors) write them and take their actions; SUPPORT and VIEWER only read; students play
 * through the player, not here.
 */
const GAME_READERS: Principal[] = SIGNED_IN.filter((p) => p !== 'STUDENT');
const GAME_AUTHORS: Principal[] = [
  'SUPERADMIN',
  'ADMIN',
  'EDITOR',
  'ACCOUNT_ADMIN',
  'SUPERVISOR',
  'THERAPIST',
  'parent',
  'otherAccount',
];
for (const name of ['games', 'activities'])
  engineRows(`/api/${name}`, {
    list: GAME_READERS,
    show: GAME_READERS,
    exporters: GAME_AUTHORS,
    write: GAME_AUTHORS,
    remove: GAME_AUTHORS,
  });
for (const action of ['complete', 'versions', 'duplicate', 'share', 'make-private', 'collect'])
  MATRIX[`POST /api/games/{id}/${action}`] = GAME_AUTHORS;
Object.assign(MATRIX, {
  'POST /api/games/complete': GAME_AUTHORS,
  'POST /api/activities/{id}/duplicate': GAME_AUTHORS,
  'PUT /api/games/{id}/activities/order': GAME_AUTHORS,
});
/** The image gallery: read and written like games; an image comes in by its own multipart upload. */
for (const name of ['images', 'image-folders'])
  engineRows(`/api/${name}`, {
    list: GAME_READERS,
    show: GAME_READERS,
    exporters: GAME_AUTHORS,
    write: GAME_AUTHORS,
    remove: GAME_AUTHORS,
  });
delete MATRIX['POST /api/images/'];
// A student reads the pictures of the games assigned to them (404 for any other).
Object.assign(MATRIX, { 'POST /api/images': GAME_AUTHORS, 'GET /api/images/{id}/file': SIGNED_IN });
Object.assign(MATRIX, {
  'GET /api/workspaces/{id}/members': SIGNED_IN,
  'POST /api/workspaces/{id}/members': ACCOUNT_ADMINS,
  'DELETE /api/workspaces/{id}/members/{memberId}': ACCOUNT_ADMINS,
  'POST /api/users/{id}/reveal-ssn': ACCOUNT_ADMINS,
  'POST /api/clients/{id}/reveal-ssn': ACCOUNT_ADMINS,
  'POST /api/users/{id}/reset-password': ADMIN_USERS,
  'POST /api/users/{id}/send-password-link': ADMIN_USERS,
  'POST /api/users/send-password-link': ADMIN_USERS,
  'GET /api/users/{id}/permissions': ADMIN_USERS,
  'GET /api/selector': SIGNED_IN,
  'GET /api/accounts/{id}/statements': ADMIN_USERS,
  'PATCH /api/auth/profile': SIGNED_IN,
  'GET /api/auth/profile': SIGNED_IN,
  'GET /api/auth/sessions': SIGNED_IN,
  'POST /api/auth/sessions/sign-out-others': SIGNED_IN,
  'PUT /api/role-permissions/{role}': ['SUPERADMIN'],
  'GET /api/audit-log': ADMIN_USERS,
  'GET /api/jobs': PLATFORM_ADMINS,
  'POST /api/jobs/{id}/retry': PLATFORM_ADMINS,
});
/** Assign and play: authors assign and unassign, readers list assignments, whoever may play opens the player (their own
 * games only). */
const PLAYERS: Principal[] = SIGNED_IN.filter((p) => !['ADMIN', 'SUPPORT', 'EDITOR'].includes(p));
Object.assign(MATRIX, {
  'POST /api/games/assign': GAME_AUTHORS,
  'POST /api/games/unassign': GAME_AUTHORS,
  // The lists of assignments and played sessions are the engine's, read only: a list and its export.
  'GET /api/assignments/': GAME_READERS,
  'GET /api/assignments/export': GAME_READERS,
  'GET /api/player/games': PLAYERS,
  'POST /api/player/games/{id}/sessions': PLAYERS,
  'POST /api/player/sessions/{id}/tries': PLAYERS,
  'POST /api/player/sessions/{id}/leave': PLAYERS,
  'POST /api/player/sessions/{id}/finish': PLAYERS,
  // A preview: who reads games and may play or make them (support only reads; a student plays what is assigned).
  'POST /api/player/preview/{id}': GAME_READERS.filter((p) => p !== 'SUPPORT'),
  'POST /api/player/preview/{id}/tries': GAME_READERS.filter((p) => p !== 'SUPPORT'),
  // Evaluation: the evaluate permission (or games admin); the sessions are those of one's students.
  'GET /api/game-sessions/': GAME_AUTHORS,
  'GET /api/game-sessions/export': GAME_AUTHORS,
  'GET /api/game-sessions/{id}': GAME_AUTHORS,
  'PUT /api/game-sessions/{id}/evaluation': GAME_AUTHORS,
  // Everyone signed in has a dashboard; what it holds is their own scope.
  'GET /api/dashboards/me': SIGNED_IN,
  // One student's board: every signed-in user passes the guard; a student outside their scope is a 404.
  'GET /api/dashboards/students/{id}': SIGNED_IN,
  // The platform's figures: platform staff who see every account (docs/product.md §6).
  'GET /api/dashboards/platform': ['SUPERADMIN', 'ADMIN', 'SUPPORT'],
  // An account's own figures: its admins (a parent is the admin of her family's account).
  'GET /api/dashboards/account': ['ACCOUNT_ADMIN', 'parent', 'otherAccount'],
  // The analytics permissions: every adult role by default; what they read is their students' scope.
  'GET /api/analytics/students': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/students/export': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  // One student over time (decision 027): a random id is a student nobody sees, 404 to every reader.
  'GET /api/analytics/students/{id}/days': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/students/{id}/goals': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/students/{id}/measures': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/games': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/games/export': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/activities': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/activities/export': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/users': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/analytics/users/export': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  // Reports (decision 029): the analytics readers; a random id is nobody's report, 404.
  'POST /api/reports': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/reports': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/reports/{id}': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/reports/{id}/file': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'DELETE /api/reports/{id}': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'GET /api/report-definitions': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'POST /api/report-definitions': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'PUT /api/report-definitions/{id}': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'DELETE /api/report-definitions/{id}': SIGNED_IN.filter((p) => p !== 'STUDENT'),
  'POST /api/report-definitions/{id}/run': SIGNED_IN.filter((p) => p !== 'STUDENT'),
});
/** Files: whoever makes content or records uploads and deletes; any signed-in user reads within their scope. */
const UPLOADERS: Principal[] = [
  'SUPERADMIN',
  'ADMIN',
  'EDITOR',
  'ACCOUNT_ADMIN',
  'otherAccount',
  'SUPERVISOR',
  'THERAPIST',
];
Object.assign(MATRIX, {
  'POST /api/files': UPLOADERS,
  'GET /api/files/{id}': SIGNED_IN,
  'GET /api/files/{id}/content': SIGNED_IN,
  'DELETE /api/files/{id}': UPLOADERS,
  // An audio prompt is a file the server makes: the same people.
  'POST /api/speech': UPLOADERS,
});
/** Recordings: the assessments permissions; support reads; what anyone sees is the students of their scope. */
const RECORDING_READERS: Principal[] = [
  'SUPERADMIN',
  'ADMIN',
  'SUPPORT',
  'ACCOUNT_ADMIN',
  'SUPERVISOR',
  'THERAPIST',
  'otherAccount',
];
const RECORDING_WRITERS: Principal[] = RECORDING_READERS.filter((p) => p !== 'SUPPORT');
engineRows('/api/recordings', {
  list: RECORDING_READERS,
  show: RECORDING_READERS,
  exporters: RECORDING_READERS,
  write: RECORDING_WRITERS,
  remove: RECORDING_WRITERS,
});
delete MATRIX['POST /api/recordings/'];
Object.assign(MATRIX, {
  'POST /api/recordings': RECORDING_WRITERS,
  'POST /api/recordings/{id}/retry': RECORDING_WRITERS,
  'POST /api/recordings/{id}/complete': RECORDING_WRITERS,
  'POST /api/recordings/{id}/transcribe': RECORDING_WRITERS,
  'GET /api/recordings/{id}/transcript': RECORDING_READERS,
  'POST /api/recordings/{id}/transcript': RECORDING_WRITERS,
  'GET /api/recordings/{id}/audio': RECORDING_READERS,
  'GET /api/recordings/{id}/waveform': RECORDING_READERS,
  'GET /api/recordings/{id}/utterances': RECORDING_READERS,
  'PUT /api/recordings/{id}/utterances': RECORDING_WRITERS,
  // Language-sample analysis: whoever works with assessments; nothing is stored.
  'POST /api/lsa/analyze': RECORDING_READERS,
});
/** Assessments: the same people as recordings. */
engineRows('/api/assessments', {
  list: RECORDING_READERS,
  show: RECORDING_READERS,
  exporters: RECORDING_READERS,
  write: RECORDING_WRITERS,
  remove: RECORDING_WRITERS,
});
delete MATRIX['POST /api/assessments/'];
Object.assign(MATRIX, {
  'POST /api/assessments': RECORDING_WRITERS,
  'POST /api/assessments/{id}/complete': RECORDING_WRITERS,
  'POST /api/assessments/{id}/reopen': RECORDING_WRITERS,
  'GET /api/assessments/{id}/measures': RECORDING_READERS,
  'PUT /api/assessments/{id}/errors': RECORDING_WRITERS,
  'GET /api/assessments/{id}/trend': RECORDING_READERS,
  'GET /api/assessments/{id}/report.pdf': RECORDING_READERS,
});
/** App configuration: every signed-in user reads it (the player needs the points); PERMISSION_FULL changes it. */
Object.assign(MATRIX, {
  'GET /api/app-configuration/': SIGNED_IN,
  'GET /api/app-configuration/{module}': SIGNED_IN,
  'PUT /api/app-configuration/{module}': ['SUPERADMIN'],
});

// A parent is the ACCOUNT_ADMIN of a family account: wherever an account admin is allowed, so is a parent.
for (const allowed of Object.values(MATRIX))
  if (allowed.includes('ACCOUNT_ADMIN') && !allowed.includes('parent')) allowed.push('parent');

let t: TestApp;
const tokens = new Map<Principal, string>();
const users = new Map<Principal, { username: string; password: string }>();

async function principalUser(p: Principal) {
  if (p === 'anonymous') return null;
  if (p === 'otherAccount') return buildUser(t.app.db, { role: 'ACCOUNT_ADMIN' });
  if (p === 'parent') {
    const family = await createAccount(t.app.db, {
      name: 'Family account',
      membership_type: 'parent',
      now: new Date(),
    });
    return buildUser(t.app.db, { role: 'ACCOUNT_ADMIN', accountId: family });
  }
  return buildUser(t.app.db, { role: p });
}

/** Routes of the server's own OpenAPI document, as `METHOD /path/{param}`. */
function registeredRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** A real URL for a route pattern; exports get a search that matches nothing (no 150k-row CSVs while probing). */
const concrete = (path: string) =>
  path
    .replace(/\{(id|memberId)\}/g, () => crypto.randomUUID())
    .replace('{code}', '1f415.svg')
    .replace('{role}', 'NOBODY') + (path.endsWith('/export') ? '?q=no-such-word-anywhere' : '');

async function probe(route: string, who: Principal, ip: string): Promise<number> {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  let token = tokens.get(who);
  // Signing out ends the session it is sent with: probe it with a session of its own.
  if (route === 'POST /api/auth/logout' && who !== 'anonymous') {
    const u = users.get(who)!;
    token = (await login(t.app, u.username, u.password)).token;
  }
  const res = await t.app.inject({
    method,
    url: concrete(path.replace(/\/$/, '') || '/'),
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  return res.statusCode;
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const p of PRINCIPALS) {
    const u = await principalUser(p);
    if (!u) continue;
    users.set(p, u);
    tokens.set(p, (await login(t.app, u.username, u.password)).token);
  }
});

describe('authorization matrix', () => {
  it('has exactly one row per registered API route', () => {
    const routes = registeredRoutes().filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !(r in MATRIX)).sort(), 'routes without a row').toEqual([]);
    expect(
      Object.keys(MATRIX)
        .filter((r) => !routes.includes(r))
        .sort(),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers every route × principal as the table says', { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    let probes = 0;
    for (const [route, allowed] of Object.entries(MATRIX)) {
      for (const [i, who] of PRINCIPALS.entries()) {
        const status = await probe(route, who, `10.9.${i}.${probes % 250}`);
        probes += 1;
        const refused = status === 401 || status === 403;
        const expected = allowed.includes(who) ? 'allowed' : who === 'anonymous' ? 401 : 403;
        if (expected === 'allowed' ? refused || status >= 500 : status !== expected)
          wrong.push(`${route} as ${who}: ${status}, expected ${expected}`);
      }
    }
    expect(probes).toBe(Object.keys(MATRIX).length * PRINCIPALS.length);
    console.info(
      `authorization matrix: ${Object.keys(MATRIX).length} routes × ${PRINCIPALS.length} principals = ${probes} probes`,
    );
    expect(wrong).toEqual([]);
  });
});
