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

  test('the administration screens of issue 4 have no serious or critical violation', async ({ page }) => {
    test.setTimeout(60_000);
    await loginViaUi(page, 'superadmin');
    const screens: [string, string][] = [
      ['/administration/userProfiles', 'Users'],
      ['/administration/workspaces', 'Workspaces'],
      ['/administration/accounts', 'Accounts'],
      ['/students', 'Students'],
      ['/administration/rolePermissions', 'Role permissions'],
      ['/administration/auditLog', 'Audit log'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(heading, 'i') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      expect(seriousOrWorse(result.violations), path).toEqual([]);
    }
    // The header's student selector, open.
    await page.getByRole('button', { name: /Student and workspace/ }).click();
    await expect(page.getByText('Students and workspaces').first()).toBeVisible();
    // Headless UI's focus guards (aria-hidden buttons that hand focus back into the open panel) are excluded.
    const result = await new AxeBuilder({ page }).exclude('[data-headlessui-focus-guard]').analyze();
    expect(seriousOrWorse(result.violations), 'selector').toEqual([]);
  });
});
