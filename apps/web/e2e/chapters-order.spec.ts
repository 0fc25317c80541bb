import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// The chapters of a level, reordered by keyboard in Chromium, keep their new order after a reload.
test('an editor moves a chapter to the top by keyboard and the order survives a reload', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto('/levels');
  await page.getByRole('link', { name: 'Telling what happened' }).first().click();
  const region = page.getByRole('region', { name: 'Chapter order' });
  const links = region.getByRole('list').getByRole('link');
  await expect(links).toHaveText(['Regular past tense', 'Irregular past tense', 'First, next, last']);
  await page.screenshot({ path: test.info().outputPath('level-chapters-1280.png'), fullPage: true });

  const handle = region.getByRole('button', { name: 'Move First, next, last, position 3 of 3' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'picked up' })).toHaveText(
    /First, next, last picked up at position 3 of 3/,
  );
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(links).toHaveText(['First, next, last', 'Regular past tense', 'Irregular past tense']);
  const saved = page.waitForResponse((r) => r.url().includes('/chapters/order') && r.request().method() === 'PUT');
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Chapter order' }).getByRole('list').getByRole('link')).toHaveText([
    'First, next, last',
    'Regular past tense',
    'Irregular past tense',
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Chapter order' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('level-chapters-390.png'), fullPage: true });
});

test('an editor drags a chapter with the mouse to the top, and adds a chapter from the level that lands last', async ({
  page,
}) => {
  await signIn(page, 'editor');
  await page.goto('/levels');
  await page.getByRole('link', { name: 'Foundations: single words' }).first().click();
  const region = page.getByRole('region', { name: 'Chapter order' });
  const links = region.getByRole('list').getByRole('link');
  await expect(links).toHaveText(['Everyday nouns', 'Action words', 'Describing words']);

  // Drag the last row's handle above the first row, in small steps as a hand would.
  const handle = region.getByRole('button', { name: 'Move Describing words, position 3 of 3' });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const top = (await links.first().boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().includes('/chapters/order') && r.request().method() === 'PUT');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, top.y - 4, { steps: 12 });
  await expect(links).toHaveText(['Describing words', 'Everyday nouns', 'Action words']);
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'dropped' })).toHaveText(
    /Describing words dropped at position 1 of 3/,
  );

  await page.reload();
  await expect(page.getByRole('region', { name: 'Chapter order' }).getByRole('list').getByRole('link')).toHaveText([
    'Describing words',
    'Everyday nouns',
    'Action words',
  ]);

  // "Add Chapter" opens the form with this level chosen; the new chapter comes last.
  await page.getByRole('region', { name: 'Chapter order' }).getByRole('link', { name: 'Add Chapter' }).click();
  await expect(page.getByRole('combobox', { name: /^Level/ })).toHaveValue('Foundations: single words');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Position words');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Position words' })).toBeVisible();
  await page.goto('/levels');
  await page.getByRole('link', { name: 'Foundations: single words' }).first().click();
  await expect(page.getByRole('region', { name: 'Chapter order' }).getByRole('list').getByRole('link')).toHaveText([
    'Describing words',
    'Everyday nouns',
    'Action words',
    'Position words',
  ]);
});
