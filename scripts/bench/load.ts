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
