import puppeteer from 'puppeteer-core';
import { readFileSync } from 'node:fs';
const base = process.argv[2]!;
const runs = Number(process.argv[3] ?? 6);
const version = JSON.parse(readFileSync('/work/main/apps/web/package.json', 'utf8')).version;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'therapist', password: 'Habla-Demo-2026' }) });
const { token, data } = await res.json();
const out: { task: number; script: number; long: number[]; lcp: number }[] = [];
for (let run = 0; run < runs; run++) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 412, height: 823 });
  await page.goto(`${base}/api/health`);
  await page.evaluate((t, u, v) => { localStorage.setItem('token', t); localStorage.setItem('user', u); localStorage.setItem('version', v); }, token, JSON.stringify(data), version);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Performance.enable');
  const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.evaluateOnNewDocument(() => {
    (window as any).__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__long.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/dashboards`, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 500));
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const lcp = await page.evaluate(() => new Promise<number>((r) => new PerformanceObserver((l) => { const e = l.getEntries(); r(e[e.length - 1]!.startTime); }).observe({ type: 'largest-contentful-paint', buffered: true })));
  const long = await page.evaluate(() => (window as any).__long as number[]);
  out.push({ task: (m1.TaskDuration - m0.TaskDuration) * 1000, script: (m1.ScriptDuration - m0.ScriptDuration) * 1000, long, lcp });
  await ctx.close();
}
await browser.close();
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(out.map((o) => `task ${o.task.toFixed(0)} script ${o.script.toFixed(0)} long [${o.long.join(',')}] lcp ${o.lcp.toFixed(0)}`).join('\n'));
console.log(`MEDIAN task ${med(out.map((o) => o.task)).toFixed(0)} ms, script ${med(out.map((o) => o.script)).toFixed(0)} ms, LCP ${med(out.map((o) => o.lcp)).toFixed(0)} ms`);
