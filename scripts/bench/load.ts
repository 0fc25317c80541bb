import autocannon from 'autocannon';

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
};
export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** The rules of the games the benches give students (the player's defaults): 10 points at the first try. */
export const GAME_RULES = {
  point_first_try: 10,
  point_second_try: 1,
  point_third_try: 0,
  min_rate: 50,
  show_progress_bar: false,
  show_failed_attemps: false,
};

/** One autocannon run; non-2xx answers count as errors so a broken endpoint cannot look fast. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;

/**
 * Interleaved rounds over named targets at 50 connections (or as given) (one of them named `health`); prints each
 * run, then each target's medians and its share of health's throughput. Returns the median of a
 * target's figure.
 */
export async function roundsAgainstHealth(
  targets: Record<string, { url: string; headers: Record<string, string> }>,
  rounds: number,
  seconds: number,
  connections = 50,
): Promise<(name: string, key: 'rps' | 'p50' | 'p99') => number> {
  const results: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) {
    for (const [name, t] of Object.entries(targets)) {
      const r = await runLoad({ url: t.url, connections, seconds, headers: t.headers });
      results[name]!.push(r);
      console.log(`  round ${i + 1}: ${name.padEnd(14)} ${fmt(r)}`);
    }
  }
  const m = (name: string, key: 'rps' | 'p50' | 'p99') => median(results[name]!.map((r) => r[key]));
  const health = m('health', 'rps');
  console.log('');
  for (const name of Object.keys(targets)) {
    console.log(
      `  ${name.padEnd(14)} median ${m(name, 'rps').toFixed(0).padStart(6)} req/s  p50 ${m(name, 'p50').toFixed(1).padStart(6)} ms  p99 ${m(name, 'p99').toFixed(1).padStart(6)} ms  ${((m(name, 'rps') / health) * 100).toFixed(1).padStart(5)} % of health`,
    );
  }
  return m;
}
