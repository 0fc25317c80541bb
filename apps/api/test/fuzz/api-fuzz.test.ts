import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app';
import { buildUser } from '../factories';
import { knownIds, objectOf, preferIds, queryValueOf, valueOf, type JsonSchema } from './schema-arbitrary';

/**
 * Schema-driven fuzzing of every registered API route: requests generated from the
 * route's own OpenAPI description (path, query, body), as an anonymous caller, a therapist and a
 * superadmin, must never answer 5xx. A 4xx must be the error envelope; a 2xx must be a status and a
 * content type the route declares.
 *
 * The work is fixed, not timed: FUZZ_RUNS generated requests (default 12) for every operation ×
 * caller, each pair from its own seed (FUZZ_SEED + its position; a failure prints the seed and the
 * shrunk request), so a slow machine takes longer but never skips a route or a caller. The run fails
 * when a pair got fewer requests than that, or when a signed-in caller only ever got 401 from a
 * route (its session lost, so the route was never really tried): a signed-in caller's session that
 * a fuzzed request ended (a logout, a password change) is opened again and the request sent again.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** Only the routes whose path matches (debugging one route). */
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '');

type Operation = {
  method: string;
  path: string;
  params: Param[];
  body?: JsonSchema;
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Operation['responses'];
      }
    >
  >;
};
type Who = 'anonymous' | 'THERAPIST' | 'SUPERADMIN';
/**
 * Routes whose 401 is their answer to the credentials in the request itself, signed in or not: the
 * generated credentials are wrong, so a signed-in caller may get nothing else there.
 */
const CREDENTIAL_ROUTES = new Set<string>(['POST /api/auth/login']);
type Probe = { method: string; url: string; body?: unknown };

const { app, database } = await buildTestApp();
const credentials = new Map<Who, { username: string; password: string }>();
const tokens = new Map<Who, string>();
let ipCount = 0;
/** Each sign-in from an address of its own, so the fuzzed sign-ins' lockout never locks the principals out. */
const freshIp = () => `10.200.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

async function signIn(who: Who): Promise<void> {
  const c = credentials.get(who);
  if (!c) return;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: c.username, password: c.password },
    remoteAddress: freshIp(),
  });
  if (res.statusCode === 200) tokens.set(who, res.json().token as string);
}

function operations(): Operation[] {
  const doc = app.swagger() as Doc;
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs') && ONLY.test(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]) => ({
          method: m.toUpperCase(),
          path,
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
          responses: op.responses ?? {},
        })),
    );
}

/** A lone surrogate cannot travel in a URL (it is not UTF-8): send what a client's URL encoder would, U+FFFD. */
const encodePathSegment = (v: string) =>
  encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Ids of the rows each list answered (by the list's path), for the routes under it. */
const listed = new Map<string, string[]>();
/** The rows of the list an operation's path lies under (`/api/assessments/{id}/trend`: `/api/assessments`). */
const idsUnder = (path: string): string[] =>
  [...listed]
    .filter(([list]) => path.startsWith(`${list}/`))
    .sort(([a], [b]) => b.length - a.length)
    .map(([, ids]) => ids)[0] ?? [];

/** Requests for one operation: path parameters, query parameters and a body from its schemas. */
function requestsFor(op: Operation): fc.Arbitrary<Probe> {
  preferIds(idsUnder(op.path));
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc
    .tuple(...pathParams.map((p) => queryValueOf(p.schema)))
    .map((values) =>
      pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, encodePathSegment(values[i] ?? '')), op.path),
    );
  const queryArb = fc
    .tuple(...queryParams.map((p) => fc.option(queryValueOf(p.schema), { freq: 2, nil: undefined })))
    .map((values) => {
      const q = new URLSearchParams();
      queryParams.forEach((p, i) => {
        const v = values[i];
        if (v === undefined) return;
        // An export of a broad search streams a whole catalog: keep exports to searches that match little.
        q.set(p.name, p.name === 'q' && op.path.endsWith('/export') ? `zq${v}` : v);
      });
      if (op.path.endsWith('/export') && !q.has('q')) q.set('q', 'zq');
      return q.toString();
    });
  const bodyArb = op.body
    ? fc.oneof(
        { weight: 6, arbitrary: objectOf(op.body) as fc.Arbitrary<unknown> },
        { weight: 1, arbitrary: valueOf(undefined) },
      )
    : fc.constant(undefined);
  return fc
    .tuple(pathArb, queryArb, bodyArb)
    .map(([path, query, body]) => ({ method: op.method, url: query ? `${path}?${query}` : path, body }));
}

type Outcome = { status: number; problem?: string };

/** Sessions of a signed-in caller that a fuzzed request ended, opened again. */
let signInsAgain = 0;

function inject(probe: Probe, who: Who) {
  const token = tokens.get(who);
  return app.inject({
    method: probe.method as 'GET',
    url: probe.url,
    remoteAddress: who === 'anonymous' ? '10.199.0.1' : '10.198.0.1',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(probe.body !== undefined ? { payload: JSON.stringify(probe.body) } : {}),
  });
}

/** Whether the caller's session still holds. */
async function signedInStill(who: Who): Promise<boolean> {
  return (
    (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${tokens.get(who)}` } }))
      .statusCode === 200
  );
}

async function send(op: Operation, probe: Probe, who: Who): Promise<Outcome> {
  let res = await inject(probe, who);
  // A 401 to a signed-in caller whose session an earlier request ended (sessions end on purpose:
  // logout, a password change, sign-out elsewhere) says nothing of this route: open it again and
  // send the same request. A 401 while the session holds is the route's own answer, and counts.
  if (res.statusCode === 401 && who !== 'anonymous' && !(await signedInStill(who))) {
    signInsAgain += 1;
    await signIn(who);
    res = await inject(probe, who);
  }
  const status = res.statusCode;
  if (status >= 500) return { status, problem: `${status}: ${res.body.slice(0, 300)}` };
  const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (status >= 400 && type === 'application/json') {
    const body = res.json() as { status?: unknown; errors?: unknown };
    if (
      body.status !== false ||
      !Array.isArray(body.errors) ||
      !body.errors.length ||
      !body.errors.every((e) => typeof e === 'string' && e.length > 0)
    )
      return { status, problem: `${status} without the error envelope: ${res.body.slice(0, 300)}` };
  }
  if (status < 300) {
    const declared = op.responses[String(status)];
    if (!declared) return { status, problem: `${status} is not a declared answer of ${op.method} ${op.path}` };
    const types = Object.keys(declared.content ?? {});
    if (status === 204 ? res.body !== '' || types.length > 0 : !types.includes(type))
      return { status, problem: `${status} as ${type || 'no content'}, declared ${types.join(', ') || 'no content'}` };
  }
  return { status };
}

const histogram = new Map<number, number>();
let requests = 0;
/** The statuses each operation × caller got, by `who METHOD path`. */
const pairs = new Map<string, number[]>();
/** How long each operation × caller took, in ms (the slowest are printed: where the run's time goes). */
const took = new Map<string, number>();

beforeAll(async () => {
  const therapist = await buildUser(app.db, { role: 'THERAPIST' });
  const superadmin = await buildUser(app.db, { role: 'SUPERADMIN' });
  credentials.set('THERAPIST', therapist);
  credentials.set('SUPERADMIN', superadmin);
  await signIn('THERAPIST');
  await signIn('SUPERADMIN');
  // Rows to point ids at: a student of the therapist's caseload with an assessment (so the routes of
  // one row reach their handlers' work, not only their 404), the therapist's account, and a few rows
  // of every list.
  const student = await buildUser(app.db, { role: 'STUDENT', accountId: therapist.accountId });
  await database.pool.query('UPDATE users SET created_by = $1 WHERE id = $2', [therapist.id, student.id]);
  const assessment = await app.inject({
    method: 'POST',
    url: '/api/assessments',
    headers: { authorization: `Bearer ${tokens.get('THERAPIST')}` },
    payload: {
      student_id: student.id,
      title: 'Fuzz sample',
      language: 'en',
      format: 'text',
      transcript: 'CHI: the dog runs .\nCHI: he is going home .\n',
    },
  });
  expect(assessment.statusCode, assessment.body).toBe(201);
  const others = [student.id, therapist.accountId ?? '', assessment.json().data.id as string];
  const sa = { authorization: `Bearer ${tokens.get('SUPERADMIN')}` };
  for (const op of operations()) {
    if (op.method !== 'GET' || op.path.endsWith('/export') || op.params.some((p) => p.in === 'path')) continue;
    const res = await app.inject({ method: 'GET', url: `${op.path}?max=3`, headers: sa });
    const data =
      res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json')
        ? (res.json() as { data?: unknown }).data
        : undefined;
    const ids = (
      Array.isArray(data)
        ? data.flatMap((row: unknown) => (row && typeof row === 'object' && 'id' in row ? [String(row.id)] : []))
        : []
    ).filter((id) => id !== therapist.id && id !== superadmin.id);
    others.push(...ids);
    if (ids.length) listed.set(op.path.replace(/\/$/, ''), ids);
  }
  // The principals' own rows stay out: a fuzzed "disable this user" must not end the run's own sessions.
  knownIds.push(...new Set(others.filter((id) => id && id !== therapist.id && id !== superadmin.id)));
});

describe('API fuzzing from the OpenAPI schemas', () => {
  it(
    'answers no 5xx on any route, with the envelope on 4xx and declared answers on 2xx, for every route and caller',
    { timeout: 15 * 60_000 },
    async () => {
      const started = Date.now();
      const ops = operations();
      if (!process.env.FUZZ_ONLY) expect(ops.length).toBeGreaterThan(150);
      // Superadmin last: its writes (statuses, role permissions) must not take the others' access away mid-run.
      const order: Who[] = ['anonymous', 'THERAPIST', 'SUPERADMIN'];
      let slot = 0;
      const failures: string[] = [];
      /** Pairs that failed stop at their first failing request (then shrink): short of RUNS, but reported already. */
      const failed = new Set<string>();
      for (const who of order) {
        for (const op of ops) {
          slot += 1;
          const pair = `${who} ${op.method} ${op.path}`;
          const statuses: number[] = [];
          pairs.set(pair, statuses);
          const pairStarted = Date.now();
          const result = await fc.check(
            fc.asyncProperty(requestsFor(op), async (probe) => {
              const outcome = await send(op, probe, who);
              requests += 1;
              statuses.push(outcome.status);
              histogram.set(outcome.status, (histogram.get(outcome.status) ?? 0) + 1);
              return outcome.problem === undefined;
            }),
            { seed: SEED + slot, numRuns: RUNS },
          );
          took.set(pair, Date.now() - pairStarted);
          if (result.failed) {
            failed.add(pair);
            const probe = result.counterexample?.[0] as Probe | undefined;
            const again = probe ? await send(op, probe, who) : undefined;
            const shown = (text: string | undefined) =>
              text && text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text;
            failures.push(
              `${pair}: ${probe ? `${probe.method} ${shown(probe.url)} body=${shown(JSON.stringify(probe.body))} → ${shown(again?.problem) ?? 'passed when replayed'}` : `failed without a counterexample: ${JSON.stringify({ ...result, failures: undefined }).slice(0, 400)}`} (seed ${SEED + slot})`,
            );
          }
        }
      }
      const summary = [...histogram.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.info(
        `fuzz: ${ops.length} operations × ${order.length} callers × ${RUNS} runs: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${signInsAgain} sessions opened again; answers ${summary}`,
      );
      const slowest = [...took].sort(([, a], [, b]) => b - a).slice(0, 5);
      console.info(`fuzz: slowest ${slowest.map(([pair, ms]) => `${pair} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
      // No 5xx, envelopes and declared answers; every operation × caller got its requests (none was
      // skipped); a signed-in caller reached every route: while its session held, none answered it 401
      // (but for the credentials it sends), let alone 401 and nothing else.
      const short = [...pairs]
        .filter(([pair, statuses]) => !failed.has(pair) && statuses.length < RUNS)
        .map(([pair, statuses]) => `${pair}: ${statuses.length} of ${RUNS}`);
      const onlyUnauthenticated = [...pairs]
        .filter(
          ([pair, statuses]) =>
            !pair.startsWith('anonymous ') &&
            !CREDENTIAL_ROUTES.has(pair.slice(pair.indexOf(' ') + 1)) &&
            statuses.includes(401),
        )
        .map(
          ([pair, statuses]) =>
            `${pair}: ${statuses.filter((s) => s === 401).length} of ${statuses.length} answered 401`,
        );
      expect({ failures, short, onlyUnauthenticated, pairs: pairs.size }).toEqual({
        failures: [],
        short: [],
        onlyUnauthenticated: [],
        pairs: ops.length * order.length,
      });
    },
  );
});
