import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * Games and activities analytics on the demo's played games (decision 028): a therapist goes from the
 * menu to a game and to its activities, where the children's wrong sentence shows; a mother on a
 * phone in Spanish reads her child's game; the platform's superadmin reads every account's; the
 * figures themselves are the API tests' (modules/analytics/game-figures.test.ts).
 */
test('a therapist goes from Games Analytics to a game’s activities and sees the sentence built wrong', async ({
  page,
}) => {
  await signIn(page, 'therapist');
  await page.goto('/analytics');
  await page.getByRole('link', { name: 'Games Analytics' }).first().click();
  await expect(page.getByRole('heading', { name: 'Games analytics', level: 1 })).toBeVisible();
  const apple = page.getByRole('row', { name: /The girl ate an apple/ });
  await expect(apple).toBeVisible();
  await expect(page.getByRole('row', { name: /¿Dónde está\? En casa/ })).toBeVisible();
  // Her account's plays only: the family account's game is not hers.
  await expect(page.getByRole('row', { name: /Find the food/ })).toHaveCount(0);
  expect(await seriousViolations(page), 'games analytics').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('games-analytics-1280.png'), fullPage: true });

  await apple.getByRole('link', { name: 'The girl ate an apple: its activities' }).click();
  await expect(page.getByRole('heading', { name: 'Activities of The girl ate an apple', level: 1 })).toBeVisible();
  // Leo swapped a pair of words on the first sentence: the sentence he built is the wrong answer shown.
  const first = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^1\./ }) });
  await expect(first.getByRole('cell', { name: /\((once|\d+ times)\)$/ })).toBeVisible();
  expect(await seriousViolations(page), 'activities analytics').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('activities-analytics-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'All games' }).click();
  await expect(page.getByRole('heading', { name: 'Games analytics', level: 1 })).toBeVisible();
});

test('in Spanish on a phone, a mother reads her child’s game as a card, then its activities', async ({ page }) => {
  await signIn(page, 'parent');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/analytics/games');
  await expect(page.getByRole('heading', { name: 'Analíticas de juegos', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Find the food/ }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('term')).toHaveCount(7);
  await expect(page.getByRole('table')).toBeHidden();
  expect(await seriousViolations(page), 'analíticas de juegos').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('games-analytics-375-es.png'), fullPage: true });
  await card.getByRole('link', { name: /Find the food/ }).click();
  await expect(page.getByRole('heading', { name: 'Actividades de Find the food', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Se detuvieron aquí' }).first()).toBeVisible();
  expect(await seriousViolations(page), 'analíticas de actividades').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('activities-analytics-375-es.png'), fullPage: true });
});

test('the superadmin reads every account’s games and the ranking of activities', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/analytics/games');
  await expect(page.getByRole('row', { name: /The girl ate an apple/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Find the food/ })).toBeVisible();
  await page.goto('/analytics/activities');
  await expect(page.getByRole('heading', { name: 'Activities analytics', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Order')).toHaveValue('hardest');
  expect(await seriousViolations(page), 'activities ranking').toEqual([]);
});

test('an account admin reads what each person of her center did, on a phone', async ({ page }) => {
  await signIn(page, 'accountadmin');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/analytics/users');
  await expect(page.getByRole('heading', { name: 'Users analytics', level: 1 })).toBeVisible();
  // The demo's therapist gave Leo and Mia their games: a card with her figures.
  const emily = page.getByRole('listitem').filter({ hasText: 'Emily Chen' });
  await expect(emily).toBeVisible();
  await expect(emily.getByRole('term')).toHaveCount(8);
  await expect(page.getByRole('table')).toBeHidden();
  expect(await seriousViolations(page), 'users analytics').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('users-analytics-375.png'), fullPage: true });
});
