import { readdirSync, readFileSync } from 'node:fs';
import { runLoad, type LoadResult } from './load';

/**
 * CPU time (ms) used so far by a process and all its descendants (the API and its PostgreSQL), from
 * /proc: user + system, plus what reaped children used. Linux only; null elsewhere.
 */
export function treeCpuMs(root: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const d of entries) {
    try {
      // The command name may hold spaces: fields are counted after its closing parenthesis.
      const raw = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(d), {
        ppid: Number(f[1]),
        ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  if (!stats.has(root)) return null;
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) todo.push(child);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);

/** Sign up a fresh account the way a new visitor does, then sign in: the token of a brand-new user. */
export async function signUpNewUser(base: string): Promise<string> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = 'Lavender-Piano-77';
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Nueva',
      last_name: 'Usuaria',
      email: `bench-${n}@example.test`,
      username: `bench${n}`,
      password,
      membership_type: 'therapist',
    }),
  });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${await reg.text()}`);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: `bench${n}`, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in of the new user failed: ${res.status}`);
  return body.token;
}

/**
 * The list hot path (decision 008): the dictionary list page and a search, signed in as the demo
 * therapist and as a user who just signed up, against /api/health in the same interleaved rounds at
 * 50 connections. Target: the list page at ≥ 12 % of health's throughput. Each answer is asked for
 * with `accept-encoding: gzip, br` like a browser does, so compression is part of what is measured.
 *
 * On a shared machine the req/s swing with the neighbours' load, so the server's CPU time per answer
 * (API process + its PostgreSQL, from /proc) is printed too: "CPU ratio" is health's CPU per answer
 * over the list's, the throughput ratio the server would reach with the cores to itself.
 */
export async function benchList(
  base: string,
  users: Record<string, string>,
  rounds: number,
  seconds: number,
  serverPid?: number,
): Promise<void> {
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const targets: { name: string; url: string; headers: Record<string, string> }[] = [
    { name: 'health', url: `${base}/api/health`, headers: browser },
  ];
  for (const [who, token] of Object.entries(users)) {
    const headers = { ...browser, authorization: `Bearer ${token}` };
    targets.push({
      name: `${who} list`,
      url: `${base}/api/catalogs/dictionary?page=0&max=25&col=word&order=asc`,
      headers,
    });
    targets.push({ name: `${who} search`, url: `${base}/api/catalogs/dictionary?q=ter&max=25`, headers });
  }
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    if (!res.ok) throw new Error(`${t.name}: ${res.status}`);
  }
  const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  const cpu = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  console.log(
    `\nList hot path: ${rounds} interleaved rounds × ${seconds} s at 50 connections, after ${WARM_UP_SECONDS} s of warm-up each`,
  );
  // A server that has just started runs its hot path in V8's interpreter and plans its statements
  // anew: the first seconds measure the compilers, not the steady state a running server is in.
  for (const t of targets) await runLoad({ url: t.url, connections: 50, seconds: WARM_UP_SECONDS, headers: t.headers });
  for (let i = 0; i < rounds; i++) {
    for (const t of targets) {
      const before = serverPid ? treeCpuMs(serverPid) : null;
      const r = await runLoad({ url: t.url, connections: 50, seconds, headers: t.headers });
      const after = serverPid ? treeCpuMs(serverPid) : null;
      const perAnswer =
        before !== null && after !== null && r.rps > 0 ? ((after - before) * 1000) / (r.rps * seconds) : NaN;
      results.get(t.name)!.push(r);
      cpu.get(t.name)!.push(perAnswer);
      console.log(
        `  round ${i + 1}: ${t.name.padEnd(20)} ${fmt(r)}${Number.isNaN(perAnswer) ? '' : `  server CPU ${perAnswer.toFixed(0).padStart(5)} µs/answer`}`,
      );
    }
  }
  const m = (name: string, key: 'rps' | 'p50' | 'p99') => median(results.get(name)!.map((r) => r[key]));
  const c = (name: string) => median(cpu.get(name)!);
  const health = m('health', 'rps');
  console.log('');
  for (const t of targets) {
    const pct = (m(t.name, 'rps') / health) * 100;
    const cpuText = Number.isNaN(c(t.name))
      ? ''
      : `  CPU ${c(t.name).toFixed(0).padStart(5)} µs/answer, CPU ratio ${((c('health') / c(t.name)) * 100).toFixed(1).padStart(5)} %`;
    console.log(
      `  ${t.name.padEnd(20)} median ${m(t.name, 'rps').toFixed(0).padStart(6)} req/s  p50 ${m(t.name, 'p50').toFixed(1).padStart(6)} ms  p99 ${m(t.name, 'p99').toFixed(1).padStart(6)} ms  ${pct.toFixed(1).padStart(5)} % of health${cpuText}`,
    );
  }
  for (const t of targets.slice(1)) {
    const pct = (m(t.name, 'rps') / health) * 100;
    const cpuRatio = (c('health') / c(t.name)) * 100;
    const cpuText = Number.isNaN(cpuRatio) ? '' : `; by server CPU ${cpuRatio.toFixed(1)} % ${verdict(cpuRatio >= 12)}`;
    console.log(
      `  goal ${t.name}: ≥ 12 % of health (${pct.toFixed(1)} %) ${verdict(pct >= 12)}${cpuText}, p99 ${m(t.name, 'p99').toFixed(1)} ms`,
    );
  }
}
