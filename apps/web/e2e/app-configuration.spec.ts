import { expect, test } from '@playwright/test';
import { apiToken, expectToast, seriousViolations, signIn } from './helpers';

/**
 * App Configuration: the platform owner changes the pass score of a module on the
 * screen, the toast confirms it, and a reload shows the stored value; a therapist is refused by the
 * API (403) and sees the screen read-only.
 */
test('the superadmin changes min_rate of MAA and sees it after a reload', async ({ page, request }) => {
  const rate = String(51 + Math.floor(Math.random() * 40));
  await signIn(page, 'superadmin');
  await page.goto('/administration/appConfiguration');
  await expect(page.getByRole('heading', { level: 1, name: 'App Configuration' })).toBeVisible();
  const maa = page.getByRole('region', { name: 'MAA — language assessment' });
  const field = maa.getByRole('spinbutton', { name: 'Pass score (%)' });
  await expect(field).toBeEnabled();
  await field.fill(rate);
  await page.screenshot({ path: test.info().outputPath('app-configuration.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await expectToast(page, 'The record was saved.', () => maa.getByRole('button', { name: 'Save MAA' }).click());

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'MAA — language assessment' }).getByRole('spinbutton', { name: 'Pass score (%)' }),
  ).toHaveValue(rate);
  // The other module keeps its own value.
  await expect(
    page.getByRole('region', { name: 'MLA — learning games' }).getByRole('spinbutton', { name: 'Pass score (%)' }),
  ).toHaveValue('50');

  // A value out of bounds is named under its field, and nothing is sent.
  const after = page.getByRole('region', { name: 'MAA — language assessment' });
  await after.getByRole('spinbutton', { name: 'Rows per page' }).fill('500');
  await after.getByRole('button', { name: 'Save MAA' }).click();
  await expect(after.getByText('Rows per page must be at most 100.')).toBeVisible();

  // At phone width the form still fits the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(after.getByRole('button', { name: 'Save MAA' })).toBeVisible();
  // After a resize the layout settles over a few frames: wait for it rather than read it once.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('app-configuration-phone.png'), fullPage: true });

  const token = await apiToken(request, 'superadmin');
  const stored = await request.get('/api/app-configuration/MAA', { headers: { authorization: `Bearer ${token}` } });
  expect(((await stored.json()) as { data: { min_rate: number } }).data.min_rate).toBe(Number(rate));
});

test('a therapist gets 403 on PUT and sees the configuration read-only', async ({ page, request }) => {
  const token = await apiToken(request, 'therapist');
  const headers = { authorization: `Bearer ${token}` };
  const current = (
    (await (await request.get('/api/app-configuration/MLA', { headers })).json()) as { data: Record<string, unknown> }
  ).data;
  const { module: _m, updated_at: _u, updated_by: _b, _actions: _a, ...values } = current;
  const res = await request.put('/api/app-configuration/MLA', { headers, data: { ...values, min_rate: 1 } });
  expect(res.status()).toBe(403);

  await signIn(page, 'therapist');
  await page.goto('/administration/appConfiguration');
  await expect(page.getByText('You can see these settings; only the platform owner can change them.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'MLA — learning games' }).getByRole('spinbutton', { name: 'Pass score (%)' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
});
