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
  await expect(card.getByRole('term')).toHaveCount(10);
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByText(/· 1 estudiante$/)).toBeVisible();
  expect(await seriousViolations(page), 'analíticas de estudiantes').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('students-analytics-375-es.png'), fullPage: true });
});
