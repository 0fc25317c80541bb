import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * Students analytics on the demo's played games (decision 026): a therapist reaches them from the
 * menu and reads each of her students' figures; in Spanish on a phone, a mother reads her child's.
 */
test('a therapist opens Students Analytics from the menu and reads her students’ figures for the last 30 days', async ({
  page,
}) => {
  await signIn(page, 'therapist');
  await page.goto('/analytics');
  await page.getByRole('link', { name: 'Students Analytics' }).first().click();
  await expect(page.getByRole('heading', { name: 'Students analytics', level: 1 })).toBeVisible();
  const leo = page.getByRole('row', { name: /Leo Walker/ });
  await expect(leo).toBeVisible();
  // The demo's figures (the player's tests may add plays of Leo's while this runs): a mean score and a
  // first-try rate, both percents; the exact figures are the API tests' (modules/analytics).
  await expect(leo.getByRole('cell', { name: /^\d+(\.\d)? %$/ })).toHaveCount(2);
  await expect(page.getByText(/· 2 students/)).toBeVisible();
  expect(await seriousViolations(page), 'students analytics').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('students-analytics-1280.png'), fullPage: true });
});

test('in Spanish on a phone, a mother reads her child’s figures', async ({ page }) => {
  await signIn(page, 'parent');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/analytics/students');
  await expect(page.getByRole('heading', { name: 'Analíticas de estudiantes', level: 1 })).toBeVisible();
  // On a phone her child is a card of the figures, not a row of a wide table.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Mateo Garcia' }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('term')).toHaveCount(12);
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByText(/· 1 estudiante$/)).toBeVisible();
  expect(await seriousViolations(page), 'analíticas de estudiantes').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('students-analytics-375-es.png'), fullPage: true });
});

/**
 * One student over time (decision 027): the therapist follows Leo's row to his page, where his days
 * are a chart with its summary and the same figures as a table, and his completed language sample
 * is charted and listed; on a phone in Spanish, the mother reads her child's the same way.
 */
test('a therapist follows a student’s row to his figures over time: a chart, its summary and the same figures as a table', async ({
  page,
}) => {
  await signIn(page, 'therapist');
  await page.goto('/analytics/students');
  await page
    .getByRole('row', { name: /Leo Walker/ })
    .getByRole('link', { name: 'Leo Walker over time' })
    .click();
  await expect(page.getByRole('heading', { name: 'Leo Walker over time', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/analytics\/students\/[0-9a-f-]{36}$/);
  const days = page.getByRole('region', { name: 'Games by day' });
  // The chart is drawn (its library loaded on demand) and says in words how each series went.
  const bars = days.locator('[data-series="mean_score"]');
  await expect(bars.first()).toBeAttached();
  await expect(days.locator('figcaption')).toContainText(/^Mean score: /);
  const charted = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  // The same figures as a table: each charted mean score is a row's.
  await days.getByRole('button', { name: 'Table' }).click();
  const table = days.getByRole('table');
  await expect(table).toBeVisible();
  const scores = await table
    .locator('tbody tr td:nth-of-type(1)')
    .evaluateAll((cells) => cells.map((c) => c.textContent ?? '').filter((s) => s !== '—'));
  expect(scores).toEqual(charted.map((v) => `${v} %`));
  // Leo's completed sample of three months ago (the newer one is still being worked on).
  const samples = page.getByRole('region', { name: 'Language-sample measures' });
  await expect(samples.getByText(/· 1 completed assessment$/)).toBeVisible();
  await expect(samples.locator('[data-series="mlu_m"]')).toHaveCount(1);
  await samples.getByRole('button', { name: 'Table' }).click();
  await expect(samples.getByRole('link', { name: 'Conversation · Toys' })).toBeVisible();
  expect(await seriousViolations(page), 'a student over time').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('student-over-time-1280.png'), fullPage: true });
});

test('on a phone in Spanish, a mother reads her child’s figures over time without the page growing sideways', async ({
  page,
}) => {
  await signIn(page, 'parent');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/analytics/students');
  await page.getByRole('link', { name: 'Mateo Garcia en el tiempo' }).click();
  await expect(page.getByRole('heading', { name: 'Mateo Garcia en el tiempo', level: 1 })).toBeVisible();
  const days = page.getByRole('region', { name: 'Juegos por día' });
  await expect(days.locator('[data-series="mean_score"]').first()).toBeAttached();
  await expect(days.locator('figcaption')).toContainText(/^Puntuación media: /);
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await wide()).toBeLessThanOrEqual(375);
  await days.getByRole('button', { name: 'Tabla' }).click();
  await expect(days.getByRole('table')).toBeVisible();
  await expect(days.getByRole('columnheader', { name: 'Día' })).toBeVisible();
  expect(await wide()).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page), 'un estudiante en el tiempo').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('student-over-time-375-es.png'), fullPage: true });
});
