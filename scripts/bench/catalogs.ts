import { runLoad, type LoadResult } from './load';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/**
 * Catalog lists against /api/health in the same interleaved rounds at 50 connections: dictionary
 * page 1 and page 4,000 (offset 99,975 of ~147k rows), a trigram search for a 3-letter fragment,
 * and the verbs list. Goals of the issue: list ≥ 12 % of health and p99 ≤ 40 ms, search p99 ≤ 75 ms,
 * page 4,000 no more than 2× the latency of page 1.
 */
export async function benchCatalogs(base: string, token: string, rounds: number, seconds: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const targets = {
    health: `${base}/api/health`,
    'dictionary p1': `${base}/api/catalogs/dictionary?page=0&max=25&col=word&order=asc`,
    'dictionary p4000': `${base}/api/catalogs/dictionary?page=3999&max=25&col=word&order=asc`,
    'search "ter"': `${base}/api/catalogs/dictionary?q=ter&max=25`,
    verbs: `${base}/api/catalogs/verbs?page=0&max=25`,
  } as const;
  const results: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  const check = await fetch(targets['dictionary p4000'], { headers });
  const body = (await check.json()) as { data?: unknown[]; meta?: { total: number } };
  console.log(
    `\nCatalogs: dictionary holds ${body.meta?.total ?? '?'} rows; page 4,000 returned ${body.data?.length ?? 0} rows`,
  );
  for (let i = 0; i < rounds; i++) {
    for (const [name, url] of Object.entries(targets)) {
      const r = await runLoad({ url, connections: 50, seconds, headers: name === 'health' ? {} : headers });
      results[name]!.push(r);
      console.log(`  round ${i + 1}: ${name.padEnd(17)} ${fmt(r)}`);
    }
  }
  const m = (name: string, key: 'rps' | 'p50' | 'p99') => median(results[name]!.map((r) => r[key]));
  const health = m('health', 'rps');
  console.log('');
  for (const name of Object.keys(targets)) {
    const pct = (m(name, 'rps') / health) * 100;
    console.log(
      `  ${name.padEnd(17)} median ${m(name, 'rps').toFixed(0).padStart(6)} req/s  p50 ${m(name, 'p50').toFixed(1).padStart(6)} ms  p99 ${m(name, 'p99').toFixed(1).padStart(6)} ms  ${pct.toFixed(1).padStart(5)} % of health`,
    );
  }
  for (const name of ['dictionary p1', 'dictionary p4000', 'verbs']) {
    const pct = (m(name, 'rps') / health) * 100;
    console.log(
      `  goal ${name}: ≥ 12 % of health (${pct.toFixed(1)} %) ${verdict(pct >= 12)}, p99 ≤ 40 ms (${m(name, 'p99').toFixed(1)}) ${verdict(m(name, 'p99') <= 40)}`,
    );
  }
  console.log(
    `  goal search: p99 ≤ 75 ms (${m('search "ter"', 'p99').toFixed(1)}) ${verdict(m('search "ter"', 'p99') <= 75)}`,
  );
  const ratio = m('dictionary p4000', 'p50') / m('dictionary p1', 'p50');
  const ratio99 = m('dictionary p4000', 'p99') / m('dictionary p1', 'p99');
  console.log(
    `  goal deep page: page 4,000 ÷ page 1 latency p50 ${ratio.toFixed(2)}×, p99 ${ratio99.toFixed(2)}× (≤ 2×) ${verdict(ratio <= 2 && ratio99 <= 2)}`,
  );
}
