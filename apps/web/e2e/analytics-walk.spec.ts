import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * Every analytics, report and dashboard screen (docs/product.md §6–7) walked as each person who
 * reads them: a therapist, a parent, an account admin and the superadmin, on a laptop and on a
 * phone. Each screen shows its own heading and content (never the "being built" placeholder nor an
 * error), axe finds nothing serious, nothing is wider than the screen, and every chart that can be
 * shown as a table lists the same figures as its bars.
 */
/** The analytics screens every reader has ('student': the first student of the list, over time). */
const ANALYTICS = ['/analytics/students', 'student', '/analytics/games', '/analytics/activities'];
/** An account's admin and platform staff: every place the reports screen is reached from too. */
const ADMINS = [...ANALYTICS, '/analytics/users', '/analytics/reports', '/administration/reports', '/dashboards'];
const SCREENS: Record<string, string[]> = {
  therapist: [...ANALYTICS, '/analytics/users', '/reports', '/dashboards'],
  parent: [...ANALYTICS, '/reports', '/dashboards'],
  accountadmin: ADMINS,
  superadmin: ADMINS,
};

/** The page's content is in: its heading, and no request still loading. */
async function shown(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/being built|estamos construyendo/i)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^(Oops!|Page not found)$/);
  await expect(page.getByRole('alert').filter({ hasText: /could not|went wrong|no se pudo/i })).toHaveCount(0);
}

/**
 * Each chart with its table (decision 027): for every charted series, as many marks drawn as the
 * table has figures in its column (the table is in the page, hidden, while the chart shows).
 */
async function chartsEqualTables(page: Page, where: string): Promise<number> {
  const charts = page.getByRole('group', { name: 'Show as' }).locator('xpath=../..');
  const n = await charts.count();
  for (let i = 0; i < n; i++) {
    const chart = charts.nth(i);
    await expect(chart.locator('svg').first()).toBeAttached();
    const keys = await chart
      .locator('thead th[data-column]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
    for (const [j, key] of keys.entries()) {
      const drawn = await chart.locator(`svg [data-series="${key}"]`).count();
      const listed = await chart
        .locator(`tbody tr td:nth-of-type(${j + 1})`)
        .evaluateAll((cells) => cells.filter((c) => (c.textContent ?? '').trim() !== '—').length);
      expect(drawn, `${where}: chart ${i + 1}, series ${key}`).toBe(listed);
    }
  }
  return n;
}

for (const [who, screens] of Object.entries(SCREENS))
  for (const width of [1280, 375])
    test(`${who} at ${width} px: every analytics, report and dashboard screen`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, who);
      await page.setViewportSize({ width, height: 900 });
      let charts = 0;
      for (const screen of screens) {
        if (screen === 'student') {
          // The first student of the list, over time.
          await page.goto('/analytics/students');
          await shown(page);
          await page
            .getByRole('link', { name: / over time$/ })
            .first()
            .click();
          await expect(page).toHaveURL(/\/analytics\/students\/[0-9a-f-]{36}$/);
        } else {
          await page.goto(screen);
          // The screen itself, not a redirect elsewhere.
          await expect(page).toHaveURL(new RegExp(`${screen}$`));
        }
        await shown(page);
        const where = `${who} ${width} px ${screen}`;
        expect(await seriousViolations(page), where).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        if (width > 375) charts += await chartsEqualTables(page, where);
      }
      // Every reader meets charts on the way: a student's days and measures, a dashboard's activity.
      if (width > 375) expect(charts, `${who}: charts compared`).toBeGreaterThan(0);
    });
