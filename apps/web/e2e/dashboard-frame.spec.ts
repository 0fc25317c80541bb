import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * `/dashboards` on a first load: the server sends the page's first frame (app/dashboard-frame.ts),
 * painted before any of the app's JavaScript, and the app's first render takes its place
 * (docs/performance-log.md, 2026-11-27).
 */

const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Where the header, the heading and the lead line are drawn. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    ['header', 'h1', 'main p'].map((selector) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return {
        selector,
        x: Math.round(r.x),
        y: Math.round(r.y),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    }),
  );

for (const [name, viewport] of [
  ['a phone', { width: 412, height: 823 }],
  ['a laptop', { width: 1280, height: 800 }],
] as const) {
  test(`on ${name}, the dashboard is drawn before the app starts, where the app then draws it, and nothing moves`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'therapist');

    // The app held back: what the frame alone draws, with the person written in.
    await page.route(APP_ENTRY, (route) => route.abort());
    await page.goto('/dashboards');
    await expect(page.locator('h1')).toHaveText('Welcome, Emily');
    await expect(page.getByText('Signed in as Therapist')).toBeVisible();
    await expect(page.getByText('Pick up where you left off.', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle('Dashboards · Habla');
    expect(await seriousViolations(page), 'the frame').toEqual([]);
    const frame = await boxes(page);
    await page.unroute(APP_ENTRY);

    // The whole start: the frame first, then the app's page in its place. When the app's entry is
    // asked for, the frame's script has run and the frame is shown with the person written in.
    let atRequest: { shown: boolean; heading: string } | undefined;
    await page.route(APP_ENTRY, async (route) => {
      atRequest ??= await page.evaluate(() => ({
        shown: document.getElementById('dashboard-frame')?.classList.contains('invisible') === false,
        heading: document.querySelector('h1')?.textContent ?? '',
      }));
      await route.continue();
    });
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { name: 'Your sections' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Emily Chen/ })).toBeVisible();
    expect(atRequest).toEqual({ shown: true, heading: 'Welcome, Emily' });
    expect(await boxes(page)).toEqual(frame);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              list
                .getEntries()
                .reduce(
                  (sum, e) =>
                    sum +
                    ((e as unknown as { hadRecentInput: boolean }).hadRecentInput
                      ? 0
                      : (e as unknown as { value: number }).value),
                  0,
                ),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(shift).toBe(0);
  });
}

test('the frame speaks the language the app remembers, and a student gets no student selector', async ({
  page,
  context,
}) => {
  await signIn(page, 'student');
  await context.addCookies([{ name: 'habla_lang', value: 'es', url: new URL('/', page.url()).href }]);
  await page.route(APP_ENTRY, (route) => route.abort());
  await page.goto('/dashboards');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Sesión iniciada como Estudiante')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(/^Hola, \S+/);
  await expect(page.locator('#dashboard-frame-selector')).toBeHidden();
});

test('signed out, /dashboards goes to the sign-in page without starting the app', async ({ page }) => {
  const entries: string[] = [];
  page.on('request', (request) => {
    if (APP_ENTRY.test(request.url())) entries.push(request.url());
  });
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^log in$/i })).toBeVisible();
  expect(entries).toEqual([]);
});
