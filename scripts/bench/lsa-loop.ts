import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { thousandUtterances } from './lsa';

/** The 1,000-utterance sample without its %mor tiers: the analysis then reads the words with the dictionary (two
 * database queries). */
function withoutMor(text: string): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('%mor:') && !l.startsWith('%gra:'))
    .join('\n');
}

type Probe = { stop: () => Promise<number[]> };

/**
 * `/api/health` one request at a time, 20 ms apart, until stopped: what a load balancer's probe or
 * any light request waits. It runs in a thread of its own, so that autocannon's 200 connections
 * busy on this process's event loop do not delay the probe's own callbacks and count as the
 * server's latency.
 */
function probeHealth(base: string): Probe {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const times = [];
     let running = true;
     parentPort.on('message', () => { running = false; });
     (async () => {
       while (running) {
         const t0 = performance.now();
         try { await (await fetch(workerData + '/api/health')).arrayBuffer(); } catch {}
         times.push(performance.now() - t0);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(times);
     })();`,
    { eval: true, workerData: base },
  );
  return {
    stop: async () => {
      const done = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      return times.sort((a, b) => a - b);
    },
  };
}

const MB = 1024 * 1024;
const chat = (utterance: string) =>
  `@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Target_Child\n*CHI:\t${utterance}\n@End\n`;
/** The probe's shapes, a megabyte each (apps/api/test/linear-time.test.ts has them all, timed against size). */
const HOSTILE: [string, string][] = [
  ['1 MB of spaces in an utterance', chat(`a${' '.repeat(MB)}b .`)],
  ['a + 1 MB of dots + x', chat(`a${'.'.repeat(MB)}x .`)],
  ['a + ?! × 512 K + x', chat(`a${'?!'.repeat(MB / 2)}x .`)],
  ['<…> nested 100,000 deep', chat(`${'<'.repeat(100_000)}a${'>'.repeat(100_000)} [/] b .`)],
];

type FloodResult = Pick<autocannon.Result, 'statusCodeStats' | 'errors' | 'timeouts' | 'latency'>;

/**
 * The flood from a process of its own at a lower priority (nice 10): the clients of a real flood
 * are other machines, while on this 2-core machine an in-process autocannon with 200 connections
 * takes a core from the server it measures (the "200 connections" case above shows both at once).
 */
async function floodApart(o: {
  url: string;
  connections: number;
  seconds: number;
  body: string;
  headers: Record<string, string>;
}): Promise<FloodResult> {
  const dir = mkdtempSync(join(tmpdir(), 'habla-flood-'));
  const input = join(dir, 'body.json');
  writeFileSync(input, o.body);
  const bin = join(process.cwd(), 'node_modules', 'autocannon', 'autocannon.js');
  const args = [
    '-n',
    '10',
    process.execPath,
    bin,
    '-j',
    '-c',
    String(o.connections),
    '-d',
    String(o.seconds),
    '-m',
    'POST',
    '-i',
    input,
    ...Object.entries(o.headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    o.url,
  ];
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('nice', args, { stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    return JSON.parse(out) as FloodResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Decision 020: does the event loop stay free while analyses run? `/api/health` probed one request
 * at a time, first on an idle server, then while `POST /api/lsa/analyze` runs at N connections on
 * the 1,000-utterance sample (with %mor, and without it so the dictionary is read). Goal: health
 * p99 ≤ 100 ms while analyses run. Prints analyses/s, the answers' latency, what was shed (503).
 */
export async function benchLsaLoop(base: string, token: string, benchSeconds: number): Promise<void> {
  // Probes come one at a time, slowly while the loop is blocked: at least 10 s for a p99 worth reading.
  const seconds = Math.max(benchSeconds, 10);
  const text = thousandUtterances();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  console.log(
    `\nEvent loop during analyses (decision 020): /api/health probed one at a time while POST /api/lsa/analyze runs (1,000 utterances), ${seconds} s each`,
  );
  const idle = probeHealth(base);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const idleTimes = await idle.stop();
  const idleP99 = pct(idleTimes, 99);
  console.log(
    `  idle server:                       health p50 ${pct(idleTimes, 50).toFixed(1)} ms  p99 ${idleP99.toFixed(1)} ms  (${idleTimes.length} probes)`,
  );
  const cases: { name: string; body: string; connections: number; apart?: boolean }[] = [
    { name: 'with %mor, 4 at once', body: JSON.stringify({ language: 'en', format: 'chat', text }), connections: 4 },
    {
      name: 'without %mor, 4 at once',
      body: JSON.stringify({ language: 'en', format: 'chat', text: withoutMor(text) }),
      connections: 4,
    },
    {
      name: 'with %mor, 200 connections',
      body: JSON.stringify({ language: 'en', format: 'chat', text }),
      connections: 200,
    },
    {
      name: '200 connections, apart',
      body: JSON.stringify({ language: 'en', format: 'chat', text }),
      connections: 200,
      apart: true,
    },
    // The outside probe's reproductions (decision 005): a megabyte of the shapes that once took
    // quadratic time, analysed 4 at once. They answer 200 or a 400 naming the line, never a 5xx.
    ...HOSTILE.map(([name, sample]) => ({
      name: `probe: ${name}`,
      body: JSON.stringify({ language: 'en', format: 'chat', text: sample }),
      connections: 4,
    })),
  ];
  for (const c of cases) {
    const probe = probeHealth(base);
    const result = c.apart
      ? await floodApart({ url: `${base}/api/lsa/analyze`, connections: c.connections, seconds, body: c.body, headers })
      : await autocannon({
          url: `${base}/api/lsa/analyze`,
          connections: c.connections,
          duration: seconds,
          method: 'POST',
          body: c.body,
          headers,
        });
    const health = await probe.stop();
    const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
    const count = (pred: (code: number) => boolean) =>
      Object.entries(codes)
        .filter(([code]) => pred(Number(code)))
        .reduce((n, [, v]) => n + v.count, 0);
    // An answer: the measures, or a 400 naming what is wrong with the sample (the probe's inputs).
    const ok = count((code) => code >= 200 && code < 500 && code !== 429);
    const shed = count((code) => code === 503);
    const other =
      count((code) => (code < 200 || code >= 500 || code === 429 ? code !== 503 : false)) +
      result.errors +
      result.timeouts;
    const p99 = pct(health, 99);
    console.log(
      `  ${c.name.padEnd(27)}: ${(ok / seconds).toFixed(1).padStart(5)} answers/s  p50 ${result.latency.p50.toFixed(0)} ms  p99 ${result.latency.p99.toFixed(0)} ms  shed (503) ${shed}  other errors ${other}`,
    );
    console.log(
      `  ${''.padEnd(27)}  health p50 ${pct(health, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${(health.at(-1) ?? 0).toFixed(0)} ms  (${health.length} probes; p99 ${(p99 / Math.max(idleP99, 0.1)).toFixed(1)}× idle)  goal p99 ≤ 100 ms ${p99 <= 100 ? 'PASS' : 'MISS'}`,
    );
  }
}
