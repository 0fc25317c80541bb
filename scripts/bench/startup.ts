import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM, signIn } from './lighthouse';

type Start = { task: number; script: number; longest: number; long: number[]; lcp: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The app's cold start on this machine, without throttling (docs/performance-log.md,
 * 2026-11-26): the dashboard opened signed in with an empty cache, `runs` times. Reports the main thread's
 * work (CDP Performance.getMetrics: all tasks, and script alone), the tasks of 50 ms or more the page
 * observed (Long Tasks API) and the largest paint. Lighthouse multiplies these tasks by four.
 */
export async function benchStartup(
  base: string,
  login: { username: string; password: string },
  runs = Number(process.env.BENCH_STARTUP_RUNS ?? 7),
): Promise<void> {
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    console.log(`\nCold start of the dashboard, ${runs}× (Chromium unthrottled, phone viewport) against ${base}`);
    const starts: Start[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823 });
      await signIn(page, base, login.username, login.password);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Performance.enable');
      const metrics = async () =>
        Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value])) as Record<
          string,
          number
        >;
      const before = await metrics();
      await page.evaluateOnNewDocument(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__longTasks.push(Math.round(entry.duration));
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${base}/dashboards`, { waitUntil: 'networkidle0' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await metrics();
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            });
          }),
      );
      const long = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      const start = {
        task: (after.TaskDuration! - before.TaskDuration!) * 1000,
        script: (after.ScriptDuration! - before.ScriptDuration!) * 1000,
        longest: Math.max(0, ...long),
        long,
        lcp,
      };
      starts.push(start);
      console.log(
        `  run #${i + 1}  main thread ${start.task.toFixed(0)} ms (script ${start.script.toFixed(0)} ms)  tasks ≥ 50 ms: [${long.join(', ')}]  LCP ${start.lcp.toFixed(0)} ms`,
      );
      await context.close();
    }
    console.log(
      `  median: main thread ${median(starts.map((s) => s.task)).toFixed(0)} ms, script ${median(starts.map((s) => s.script)).toFixed(0)} ms, longest task ${median(starts.map((s) => s.longest)).toFixed(0)} ms, LCP ${median(starts.map((s) => s.lcp)).toFixed(0)} ms`,
    );
  } finally {
    await browser?.close();
  }
}
