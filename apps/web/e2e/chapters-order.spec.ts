import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Issue 10 point 4: the chapters of a level, reordered by keyboard in Chromium, keep their new order after a reload.
test('an editor moves a chapter to the top by keyboard and the order survives a reload', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto('/levels');
  await page.getByRole('link', { name: 'Telling what happened' }).first().click();
  const region = page.getByRole('region', { name: 'Chapter order' });
  const links = region.getByRole('link');
  await expect(links).toHaveText(['Regular past tense', 'Irregular past tense', 'First, next, last']);
  await page.screenshot({ path: test.info().outputPath('level-chapters-1280.png'), fullPage: true });

  const handle = region.getByRole('button', { name: 'Move First, next, last, position 3 of 3' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'picked up' })).toHaveText(/First, next, last picked up at position 3 of 3/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(links).toHaveText(['First, next, last', 'Regular past tense', 'Irregular past tense']);
  const saved = page.waitForResponse((r) => r.url().includes('/chapters/order') && r.request().method() === 'PUT');
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Chapter order' }).getByRole('link')).toHaveText(['First, next, last', 'Regular past tense', 'Irregular past tense']);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Chapter order' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('level-chapters-390.png'), fullPage: true });
});
