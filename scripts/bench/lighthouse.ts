import { readFileSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** benchmarkIndex: Lighthouse's measure of this machine's CPU at the time (higher is faster; ~1000+ is a desktop). */
type Audit = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  bytes: number;
  benchmarkIndex: number;
};

/** One Lighthouse performance run (mobile, its default simulated throttling) on the page as it is. */
async function audit(page: Page, url: string, keepStorage: boolean): Promise<Audit> {
  // A first visit: nothing cached, whether or not the session in localStorage is kept.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_LIGHTHOUSE_SAVE)
    writeFileSync(
      `${process.env.BENCH_LIGHTHOUSE_SAVE}-${new URL(url).pathname.replace(/\W/g, '') || 'root'}.json`,
      JSON.stringify(lhr),
    );
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
    bytes: value('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

// The build's version: the app drops a stored session whose `version` differs (apps/web/src/lib/storage.ts).
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../apps/web/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Signs in through the API and stores the session where the sign-in page would (`token`, `user`,
 * `version` in localStorage), on a same-origin page that is not the app: the audit that follows
 * is then the app's first load in this renderer. (Signing in through the form opens the dashboard,
 * and the renderer's memory cache then serves the route chunks to the audit whatever the HTTP
 * cache holds.) The form itself is covered by the e2e tests.
 */
export async function signIn(page: Page, base: string, username: string, password: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: HTTP ${res.status}`);
  const { token, data } = (await res.json()) as { token: string; data: unknown };
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (t, user, version) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', user);
      localStorage.setItem('version', version);
    },
    token,
    JSON.stringify(data),
    APP_VERSION,
  );
}

const line = (name: string, a: Audit, goal: number) =>
  `  ${name.padEnd(10)} performance ${String(a.score).padStart(3)}  FCP ${(a.fcp / 1000).toFixed(2)} s  LCP ${(a.lcp / 1000).toFixed(2)} s  TBT ${a.tbt.toFixed(0)} ms  SI ${(a.si / 1000).toFixed(2)} s  ${(a.bytes / 1024).toFixed(0)} KB transferred  CPU index ${a.benchmarkIndex.toFixed(0)}  goal ≥ ${goal}: ${verdict(a.score >= goal)}`;

/**
 * Lighthouse: the login page cold, and the dashboard cold but signed in (the
 * session is stored as the sign-in page stores it, then the browser cache is cleared and localStorage
 * kept). Mobile form factor with Lighthouse's default simulated throttling (slow 4G, 4× CPU).
 * Targets: login ≥ 95, dashboard ≥ 90. Each page is audited `runs` times; the median score is reported.
 */
export async function benchLighthouse(
  base: string,
  login: { username: string; password: string },
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
): Promise<void> {
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    console.log(`\nLighthouse ${runs}× per page (mobile, default throttling) against ${base}`);
    const pick = (xs: Audit[]) => [...xs].sort((a, b) => a.score - b.score)[Math.floor(xs.length / 2)]!;
    const loginRuns: Audit[] = [];
    const dashRuns: Audit[] = [];
    // BENCH_LIGHTHOUSE_PAGES=login or =dashboard audits one of the two.
    const pages = new Set((process.env.BENCH_LIGHTHOUSE_PAGES ?? 'login,dashboard').split(','));
    // A fresh browser context per audit: no cache, cookies or localStorage left by the one before.
    for (let i = 0; i < runs && pages.has('login'); i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      loginRuns.push(await audit(page, `${base}/login`, false));
      console.log(line(`login #${i + 1}`, loginRuns[i]!, 95));
      await context.close();
    }
    for (let i = 0; i < runs && pages.has('dashboard'); i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await signIn(page, base, login.username, login.password);
      dashRuns.push(await audit(page, `${base}/dashboards`, true));
      console.log(line(`dash #${i + 1}`, dashRuns[i]!, 90));
      await context.close();
    }
    console.log('  median:');
    if (loginRuns.length > 0) console.log(line('login', pick(loginRuns), 95));
    if (dashRuns.length > 0) console.log(line('dashboard', pick(dashRuns), 90));
  } finally {
    await browser?.close();
  }
}
