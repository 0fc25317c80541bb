/**
 * Whether a function takes time in proportion to the size of its input (decision 005, "Text readers
 * in linear time"), measured so that a busy machine does not decide it: the time of one call is the
 * process's CPU time (not the clock, which counts other processes' turns), the best of a few runs that
 * each repeat the call for at least a few milliseconds; what is compared is the growth from one size to
 * the next, eight times larger: about 8 when linear, 64 when quadratic.
 *
 * Sizes grow from `bytes / 512` to `bytes` and the measurement stops at the first step that grows
 * too fast, so a quadratic reader fails in seconds instead of running for hours on the largest input.
 */
export type Growth = {
  /** Milliseconds per call, by input size in characters. */
  times: { size: number; ms: number }[];
  /** Each step's growth of time (size × 8); the last is the largest input over its eighth. */
  ratios: number[];
};

const STEP = 8;

/** The process's CPU time in milliseconds: unlike the clock, it does not count other processes' turns. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function msPerCall(fn: () => unknown, runs: number, stopMs: number): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    let calls = 0;
    const start = cpuMs();
    let elapsed = 0;
    do {
      fn();
      calls++;
      elapsed = cpuMs() - start;
    } while (elapsed < 5);
    best = Math.min(best, elapsed / calls);
    // A call this slow is no noise: measuring it again would only take longer.
    if (best > stopMs) break;
  }
  return best;
}

/**
 * Time `run(make(size))` for sizes `bytes / 512 … bytes` (each eight times the last). A step that
 * grows past `limit` is measured once more (a busy machine, a collection of the heap) before the
 * measurement stops there; steps below the last may grow up to `earlyLimit` (small inputs are the
 * noisiest, and a reader that allocates much pays the heap's move from its young to its old space in
 * one of them: 31 measured for 100,000 levels of nesting), still below a quadratic 64. One call of more than `stopMs`
 * of CPU below the largest
 * size also stops it (a linear reader reads a megabyte in well under a second): a quadratic reader
 * whose small steps hide behind fixed costs then fails in seconds, not hours.
 */
export function growth(
  make: (size: number) => string,
  run: (input: string) => unknown,
  opts: { bytes?: number; limit?: number; earlyLimit?: number; stopMs?: number; runs?: number } = {},
): Growth {
  const bytes = opts.bytes ?? 1_000_000;
  const limit = opts.limit ?? 24;
  const earlyLimit = opts.earlyLimit ?? 48;
  const stopMs = opts.stopMs ?? 2_000;
  const runs = opts.runs ?? 3;
  const sizes = [bytes / STEP ** 3, bytes / STEP ** 2, bytes / STEP, bytes].map(Math.round);
  // Warm the code up (the JIT, the regular expressions' compiled forms) before anything is timed.
  const warm = make(sizes[0]!);
  for (let i = 0; i < 20; i++) run(warm);
  const times: Growth['times'] = [];
  const ratios: number[] = [];
  let previous: { input: string; ms: number } | null = null;
  for (const [i, size] of sizes.entries()) {
    const last = i === sizes.length - 1;
    const input = make(size);
    let ms = msPerCall(() => run(input), runs, stopMs);
    const allowed = last ? limit : earlyLimit;
    if (previous && ms / previous.ms >= allowed && ms <= stopMs) {
      previous.ms = Math.min(
        previous.ms,
        msPerCall(() => run(previous!.input), runs, stopMs),
      );
      times[times.length - 1]!.ms = previous.ms;
      ms = Math.min(
        ms,
        msPerCall(() => run(input), runs, stopMs),
      );
    }
    times.push({ size, ms });
    if (previous) ratios.push(ms / previous.ms);
    if ((previous && ms / previous.ms >= allowed) || (!last && ms > stopMs)) break;
    previous = { input, ms };
  }
  return { times, ratios };
}

/** Call `fn`, answering what it threw instead of throwing (a reader's refusal is an answer too). */
export function settle(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (err) {
    return err;
  }
}
