import { expect, type Page, test } from '@playwright/test';
import { dashboardStarted, dataRows, seriousViolations, signIn } from './helpers';

test.describe('accessibility (axe)', () => {
  test('the login page has no serious or critical violation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel(/e-mail or username/i)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the dashboard has no serious or critical violation, at desktop and phone width', async ({ page }) => {
    await signIn(page, 'accountadmin');
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, olivia/i })).toBeVisible();
    await dashboardStarted(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the sign-up page has no serious or critical violation in Spanish', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel('Nombre', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The administration screens, one test each: with its data on screen (what a person
  // would look at), not an idle network. The lists' loading skeleton is hidden from assistive
  // technology, so a row by role is a row of data.
  const screens: [path: string, heading: RegExp, loaded: (page: Page) => ReturnType<Page['locator']>][] = [
    ['/administration/userProfiles', /^Users$/, (page) => dataRows(page).first()],
    ['/administration/workspaces', /^Workspaces$/, (page) => dataRows(page).first()],
    ['/administration/accounts', /^Accounts$/, (page) => dataRows(page).first()],
    ['/students', /^Students$/, (page) => dataRows(page).first()],
    [
      '/administration/rolePermissions',
      /^Role permissions$/,
      (page) => page.getByRole('checkbox', { name: 'Admin: PERMISSION_ADMIN_USERS', exact: true }),
    ],
    ['/administration/auditLog', /^Audit log$/, (page) => dataRows(page).first()],
  ];
  for (const [path, heading, loaded] of screens) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await signIn(page, 'superadmin');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(loaded(page)).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    });
  }

  test('the header’s student selector, open, has no serious or critical violation', async ({ page }) => {
    await signIn(page, 'superadmin');
    await page.goto('/students');
    await page.getByRole('button', { name: /Student and workspace/ }).click();
    const list = page.getByRole('list', { name: 'Students and workspaces' });
    await expect(list.getByRole('button', { name: 'Leo Walker', exact: true })).toBeVisible();
    // Headless UI's focus guards (aria-hidden buttons that hand focus back into the open panel) are excluded.
    expect(await seriousViolations(page, (axe) => axe.exclude('[data-headlessui-focus-guard]')), 'selector').toEqual(
      [],
    );
  });
});
