import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import { thousandUtterances } from './lsa';

/** The 1,000-utterance sample without its %mor tiers: the analysis then reads the words with the dictionary (two database queries). */
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

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

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
  console.log(`\nEvent loop during analyses (decision 020): /api/health probed one at a time while POST /api/lsa/analyze runs (1,000 utterances), ${seconds} s each`);
  const idle = probeHealth(base);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const idleTimes = await idle.stop();
  const idleP99 = pct(idleTimes, 99);
  console.log(`  idle server:                       health p50 ${pct(idleTimes, 50).toFixed(1)} ms  p99 ${idleP99.toFixed(1)} ms  (${idleTimes.length} probes)`);
  const cases: { name: string; body: string; connections: number }[] = [
    { name: 'with %mor, 4 at once', body: JSON.stringify({ language: 'en', format: 'chat', text }), connections: 4 },
    { name: 'without %mor, 4 at once', body: JSON.stringify({ language: 'en', format: 'chat', text: withoutMor(text) }), connections: 4 },
    { name: 'with %mor, 200 connections', body: JSON.stringify({ language: 'en', format: 'chat', text }), connections: 200 },
  ];
  for (const c of cases) {
    const probe = probeHealth(base);
    const result = await autocannon({ url: `${base}/api/lsa/analyze`, connections: c.connections, duration: seconds, method: 'POST', body: c.body, headers });
    const health = await probe.stop();
    const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
    const count = (pred: (code: number) => boolean) =>
      Object.entries(codes)
        .filter(([code]) => pred(Number(code)))
        .reduce((n, [, v]) => n + v.count, 0);
    const ok = count((code) => code >= 200 && code < 300);
    const shed = count((code) => code === 503);
    const other = count((code) => code < 200 || (code >= 300 && code !== 503)) + result.errors + result.timeouts;
    const p99 = pct(health, 99);
    console.log(
      `  ${c.name.padEnd(27)}: ${(ok / seconds).toFixed(1).padStart(5)} analyses/s  p50 ${result.latency.p50.toFixed(0)} ms  p99 ${result.latency.p99.toFixed(0)} ms  shed (503) ${shed}  other errors ${other}`,
    );
    console.log(
      `  ${''.padEnd(27)}  health p50 ${pct(health, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${(health.at(-1) ?? 0).toFixed(0)} ms  (${health.length} probes; p99 ${(p99 / Math.max(idleP99, 0.1)).toFixed(1)}× idle)  goal p99 ≤ 100 ms ${p99 <= 100 ? 'PASS' : 'MISS'}`,
    );
  }
}
