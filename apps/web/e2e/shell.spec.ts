import { expect, test } from '@playwright/test';
import { dashboardStarted, signIn, storageItem } from './helpers';

test.describe('the app shell', () => {
  test('a student opening /administration is redirected to the dashboard', async ({ page }) => {
    await signIn(page, 'student2');
    await page.goto('/administration');
    await expect(page).toHaveURL(/\/dashboards$/);
    // The guard replaced the history entry: going back does not return to /administration.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/administration/);
  });

  test('a signed-out visitor opening a main route is sent to the start', async ({ page }) => {
    await page.goto('/clients');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel(/e-mail or username/i)).toBeVisible();
  });

  test('breadcrumbs follow a nested route and lead back up', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/administration/accounts/add');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Administration' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Accounts' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('New');
    await crumbs.getByRole('link', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/\/administration\/accounts$/);
  });

  test('an edit route uses the id from the path until a name is known', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/administration/userProfiles/edit/4711');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('4711');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/administration/accounts/edit/1/extra/parts');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('switching to Spanish translates the shell and survives a reload', async ({ page }) => {
    await signIn(page, 'therapist');
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, emily/i })).toBeVisible();
    await dashboardStarted(page);
    await page.getByLabel('Language').selectOption('es');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByText('Panel').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /hola, emily/i })).toBeVisible();
    await expect(page.getByLabel('Idioma')).toHaveValue('es');
    // The public pages follow too.
    await page.goto('/logout');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('the dashboard does not move under the reader while its board loads (layout shift below 0.1)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, 'therapist');
    // The board's answer comes late, as on a slow link: what is drawn before it must stay where it is.
    await page.route('**/api/dashboards/me', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, emily/i })).toBeVisible();
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My students' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your sections' })).toBeVisible();
    // Every shift since the page began, from the browser's buffer: an observer made now is handed them
    // all at once, before the second frame from here.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!e.hadRecentInput) total += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBeLessThan(0.1);
  });

  test('the sidebar state is remembered under the seed storage keys', async ({ page }) => {
    await signIn(page, 'therapist');
    await page.goto('/dashboards');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    expect(JSON.parse((await storageItem(page, 'sidebar')) ?? '{}').collapsed).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  });

  test('on a phone the menu is a drawer that opens, closes with Escape and navigates', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'accountadmin');
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, olivia/i })).toBeVisible();
    const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noHorizontalScroll).toBe(true);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await toggle.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const options = JSON.parse((await storageItem(page, 'sidebarOptions')) ?? 'null');
    expect(options).toMatchObject({ sidebarType: 'PRIMARY', isMobile: true, sidebarOpen: true });
    // Escape once the drawer has finished opening and holds the focus, as a person sees it.
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await toggle.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Clients' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a page that fails to load shows the error screen, and "Go back" steps back', async ({ page }) => {
    await signIn(page, 'therapist');
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, emily/i })).toBeVisible();
    await dashboardStarted(page);
    // The network drops: every code chunk not loaded yet fails.
    await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: '← Go back' }).click();
    await expect(page).toHaveURL(/\/dashboards$/);
  });
});
