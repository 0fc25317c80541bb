import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginViaUi } from './helpers';

const seriousOrWorse = (violations: { impact?: string | null; id: string }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test.describe('accessibility (axe)', () => {
  test('the login page has no serious or critical violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel(/e-mail or username/i)).toBeVisible();
    const result = await new AxeBuilder({ page }).analyze();
    expect(seriousOrWorse(result.violations)).toEqual([]);
  });

  test('the dashboard has no serious or critical violation, at desktop and phone width', async ({ page }) => {
    await loginViaUi(page, 'accountadmin');
    let result = await new AxeBuilder({ page }).analyze();
    expect(seriousOrWorse(result.violations)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    result = await new AxeBuilder({ page }).analyze();
    expect(seriousOrWorse(result.violations)).toEqual([]);
  });

  test('the sign-up page has no serious or critical violation in Spanish', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const result = await new AxeBuilder({ page }).analyze();
    expect(seriousOrWorse(result.violations)).toEqual([]);
  });
});
