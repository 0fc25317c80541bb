/**
 * `npm run bench`: starts the real server (its own data directory, demo data) in a child process
 * and measures it from this process with autocannon on 127.0.0.1. Prints figures and ratios;
 * targets are reported as PASS/MISS, never asserted in tests.
 *
 * BENCH_ONLY=exports,overload runs only those parts (base, list, catalogs, tenancy, games, images, play, analytics,
 * reports, exports, overload, recordings, lsa, lsa-loop, lighthouse, startup; these two need `npm run build` first and
 * Debian's chromium);
 * BENCH_PORT and BENCH_PG_PORT move the server off the default ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchAnalytics } from './bench/analytics';
import { benchCatalogs } from './bench/catalogs';
import { benchExports } from './bench/exports';
import { benchGames } from './bench/games';
import { benchImages } from './bench/images';
import { benchRecordings } from './bench/recordings';
import { benchReports } from './bench/reports';
import { benchLsa } from './bench/lsa';
import { benchLsaLoop } from './bench/lsa-loop';
import { benchPlay } from './bench/play';
import { benchLighthouse } from './bench/lighthouse';
import { benchStartup } from './bench/startup';
import { benchList, signUpNewUser } from './bench/list';
import { benchOverload } from './bench/overload';
import { benchTenancy } from './bench/tenancy';
import { runLoad, type LoadResult } from './bench/load';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54351);
const dataDir = join(tmpdir(), `habla-bench-data-${port}`);
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'base,list,catalogs,tenancy,games,images,play,analytics,reports,exports,overload,lighthouse,startup,recordings,lsa,lsa-loop'
  )
    .split(',')
    .map((x) => x.trim()),
);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function startServer(): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HABLA_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      // The local engine runs whisper.cpp's test model (the app never downloads a real one).
      WHISPER_MODEL: join(root, 'apps', 'api', 'test', 'fixtures', 'whisper', 'for-tests-ggml-tiny.bin'),
      TRANSCRIPTION_ENGINE: 'manual',
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy in 120 s');
}

async function login(username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password: 'Habla-Demo-2026' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed for ${username}: ${res.status}`);
  return body.token;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;

function initialJsKb(): number | null {
  const dist = join(root, 'apps', 'web', 'dist');
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(m[1]!);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length;
  return bytes / 1024;
}

function chunkSizes(): string[] {
  const assets = join(root, 'apps', 'web', 'dist', 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, kb: gzipSync(readFileSync(join(assets, f))).length / 1024 }))
    .sort((a, b) => b.kb - a.kb)
    .map(
      ({ f, kb }) =>
        `    ${f.padEnd(44)} ${kb.toFixed(1).padStart(6)} KB gzip${kb > 50 && !f.startsWith('index-') ? '  (over the 50 KB route-chunk budget)' : ''}${f.startsWith('game-builder-page-') ? `  (the game builder: goal ≤ 50, ${kb <= 50 ? 'PASS' : 'MISS'})` : ''}${f.startsWith('transcript-editor-') ? `  (the transcript editor: goal ≤ 50, ${kb <= 50 ? 'PASS' : 'MISS'})` : ''}`,
    );
}

async function main() {
  const server = await startServer();
  try {
    const token = await login('therapist');
    const auth = { authorization: `Bearer ${token}` };
    if (only.has('base')) await benchBase(auth);
    if (only.has('list'))
      await benchList(base, { therapist: token, 'new user': await signUpNewUser(base) }, rounds, seconds, server.pid);
    if (only.has('catalogs')) await benchCatalogs(base, await login('editor'), rounds, seconds);
    if (only.has('tenancy'))
      await benchTenancy(
        base,
        dataDir,
        pgPort,
        { accountadmin: await login('accountadmin'), therapist: await login('therapist') },
        rounds,
        seconds,
      );
    if (only.has('games')) await benchGames(base, dataDir, pgPort, await login('therapist'), rounds, seconds);
    if (only.has('images')) await benchImages(base, await login('therapist'));
    if (only.has('play'))
      await benchPlay(
        base,
        dataDir,
        pgPort,
        { player: await login('student3'), student: await login('student'), therapist: await login('therapist') },
        rounds,
        seconds,
      );
    if (only.has('analytics'))
      await benchAnalytics(
        base,
        dataDir,
        pgPort,
        { accountadmin: await login('accountadmin'), therapist: await login('therapist') },
        rounds,
        seconds,
      );
    if (only.has('reports'))
      await benchReports(base, dataDir, pgPort, {
        accountadmin: await login('accountadmin'),
        therapist: await login('therapist'),
      });
    // Four exports by three catalog maintainers (two per user at most).
    if (only.has('exports'))
      await benchExports(base, [await login('editor'), await login('admin'), await login('superadmin')]);
    if (only.has('lighthouse')) await benchLighthouse(base, { username: 'therapist', password: 'Habla-Demo-2026' });
    if (only.has('startup')) await benchStartup(base, { username: 'therapist', password: 'Habla-Demo-2026' });
    if (only.has('recordings'))
      await benchRecordings(
        base,
        [await login('therapist'), await login('supervisor'), await login('accountadmin')],
        server.pid,
      );
    if (only.has('lsa')) await benchLsa(base, await login('therapist'), seconds);
    if (only.has('lsa-loop')) await benchLsaLoop(base, await login('therapist'), seconds);
    if (only.has('overload')) await benchOverload(base, token, Number(process.env.BENCH_OVERLOAD_SECONDS ?? 15));

    const js = initialJsKb();
    console.log(
      `\nInitial JS of the production build: ${js === null ? 'no build (run npm run build)' : `${js.toFixed(1)} KB gzip (budget 150: ${js <= 150 ? 'PASS' : 'MISS'})`}`,
    );
    const chunks = chunkSizes();
    if (chunks.length)
      console.log('  chunks (route chunks ≤ 50 KB gzip; index is the initial bundle):\n' + chunks.join('\n'));
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** Health and /api/auth/me at 50 connections, then health while argon2 logins run. */
async function benchBase(auth: { authorization: string }) {
  const health: LoadResult[] = [];
  const me: LoadResult[] = [];
  console.log(`Interleaved rounds: ${rounds} × ${seconds} s at 50 connections`);
  for (let i = 0; i < rounds; i++) {
    health.push(await runLoad({ url: `${base}/api/health`, connections: 50, seconds }));
    me.push(await runLoad({ url: `${base}/api/auth/me`, connections: 50, seconds, headers: auth }));
    console.log(`  round ${i + 1}: health ${fmt(health[i]!)}\n           me     ${fmt(me[i]!)}`);
  }
  const hRps = median(health.map((r) => r.rps));
  const mRps = median(me.map((r) => r.rps));
  console.log(
    '\nGET /api/health   median',
    hRps.toFixed(0),
    'req/s, p99',
    median(health.map((r) => r.p99)).toFixed(1),
    'ms',
  );
  console.log('GET /api/auth/me  median', mRps.toFixed(0), 'req/s, p99', median(me.map((r) => r.p99)).toFixed(1), 'ms');
  console.log(`/api/auth/me ÷ /api/health = ${((mRps / hRps) * 100).toFixed(1)} %`);

  // Logins hash with argon2id; the event loop must stay free while they run.
  const body = JSON.stringify({ login: 'student', password: 'Habla-Demo-2026' });
  const [logins, healthDuring] = await Promise.all([
    runLoad({
      url: `${base}/api/auth/login`,
      connections: 8,
      seconds,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    }),
    runLoad({ url: `${base}/api/health`, connections: 10, seconds }),
  ]);
  console.log(`\nPOST /api/auth/login at 8 connections: ${fmt(logins)}`);
  console.log(`GET /api/health while logins run:     ${fmt(healthDuring)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
