import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createUser, dataRows, expectToast, signIn } from './helpers';

async function idOf(request: APIRequestContext, who: string, path: string, name: string): Promise<string> {
  const res = await request.get(`${path}?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${await apiToken(request, who)}` },
  });
  const rows = ((await res.json()) as { data: { id: string; full_name?: string; name?: string }[] }).data;
  const row = rows.find((r) => (r.full_name ?? r.name) === name);
  if (!row) throw new Error(`${name} not found in ${path}`);
  return row.id;
}

async function pick(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test.describe('accounts, people and workspaces', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an account admin creates a therapist and a student, builds a workspace with both and a parent; the therapist then sees the student in the selector', async ({
    page,
    browser,
  }) => {
    const tag = Date.now().toString(36);
    await signIn(page, 'parent');
    // A therapist for the family.
    await page.goto('/administration/userProfiles/add');
    await page.getByLabel('First name').fill('Carla');
    await page.getByLabel('Last name').fill(`Therapist${tag}`);
    await page.getByLabel('Username').fill(`carla.${tag}`);
    await page.getByLabel('Password').fill('Sunny-Harbor-2026');
    await page.getByLabel('Role').selectOption('THERAPIST');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Carla Therapist${tag}` })).toBeVisible();
    // An account admin may not hand out platform roles: they are not even offered.
    await page.goto('/administration/userProfiles/add');
    await expect(page.getByLabel('Role').locator('option', { hasText: 'Superadmin' })).toHaveCount(0);
    // A student, signed in by username.
    await page.goto('/students/add');
    await page.getByLabel('First name').fill('Lola');
    await page.getByLabel('Last name').fill(`Garcia${tag}`);
    await page.getByLabel('Username').fill(`lola.${tag}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Lola Garcia${tag}` })).toBeVisible();
    // The workspace with both, and the parent herself.
    await page.goto('/administration/workspaces/add');
    await page.getByLabel('Name').fill(`Lola home ${tag}`);
    await page.getByLabel('Type').selectOption('home');
    await pick(page, 'Associated student', `Lola Garcia${tag}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Lola home ${tag}` })).toBeVisible();
    const members = page.getByRole('region', { name: 'Members', exact: true });
    await pick(page, 'Add a member', `Carla Therapist${tag}`);
    await members.getByLabel('Workspace role').selectOption('THERAPIST');
    await members.getByLabel('Relationship to student').selectOption('therapist');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(members.getByRole('cell', { name: `Carla Therapist${tag}`, exact: true })).toBeVisible();
    await pick(page, 'Add a member', 'Ana Garcia');
    await members.getByLabel('Workspace role').selectOption('ADMIN');
    await members.getByLabel('Relationship to student').selectOption('mother');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(members.getByRole('cell', { name: 'Mother' })).toBeVisible();

    const other = await browser.newContext();
    const th = await other.newPage();
    await signIn(th, `carla.${tag}`, 'Sunny-Harbor-2026');
    await th.goto('/dashboards');
    await th.getByRole('button', { name: /Student and workspace/ }).click();
    await expect(th.getByRole('button', { name: `Lola Garcia${tag}` })).toBeVisible();
    await th.getByRole('button', { name: new RegExp(`Lola home ${tag}`) }).click();
    await expect(
      th.getByRole('button', { name: new RegExp(`Student and workspace: Lola Garcia${tag} · Lola home ${tag}`) }),
    ).toBeVisible();
    await other.close();
  });

  test('a therapist of one account cannot open a student of the other by URL', async ({ page, request }) => {
    const mateo = await idOf(request, 'parent', '/api/clients', 'Mateo Garcia');
    await signIn(page, 'therapist');
    await page.goto(`/students/${mateo}`);
    await expect(page.getByText(/could not be loaded|not found/i).first()).toBeVisible();
    await expect(page.getByText('Mateo')).toHaveCount(0);
    // Their own student opens.
    const leo = await idOf(request, 'therapist', '/api/clients', 'Leo Walker');
    await page.goto(`/students/${leo}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leo Walker' })).toBeVisible();
  });

  test('an admin disables a user who is signed in elsewhere, and that session ends', async ({
    page,
    browser,
    request,
  }) => {
    // A user of its own: disabling a demo user would sign out the tests that run meanwhile as that user.
    const user = await createUser(request, 'accountadmin', 'SUPERVISOR', 'Dana');
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await signIn(other, user.username, user.password);
      await other.goto('/students');
      await expect(other.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
      await signIn(page, 'accountadmin');
      await page.goto(`/administration/userProfiles/edit/${user.id}`);
      // The form shows the user before anything is changed (it fills in when the record arrives).
      await expect(page.getByLabel('Username')).toHaveValue(user.username);
      await page.getByLabel('Status').selectOption('DISABLED');
      await page.getByRole('button', { name: 'Save' }).click();
      // Saved: the show page (the edit page's title, "Edit …", also holds the name).
      await expect(page).toHaveURL(new RegExp(`/administration/userProfiles/${user.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: user.fullName, exact: true })).toBeVisible();
      await other.goto('/students');
      await expect(other).toHaveURL(/\/(login)?$/);
      await expect(other.getByLabel(/e-mail or username/i)).toBeVisible();
    } finally {
      await elsewhere.close();
      // Out of the account again, which counts its adults against a limit.
      const res = await request.delete(`/api/users/${user.id}`, {
        headers: { authorization: `Bearer ${await apiToken(request, 'accountadmin')}` },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  });

  test('the SSN shows masked, and in full only on request', async ({ page }) => {
    const tag = Date.now().toString(36);
    await signIn(page, 'accountadmin');
    await page.goto('/students/add');
    await page.getByLabel('First name').fill('Omar');
    await page.getByLabel('Last name').fill(`Ssn${tag}`);
    await page.getByLabel('Username').fill(`omar.${tag}`);
    await page.getByLabel('SSN').fill('123-45-6789');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Omar Ssn${tag}` })).toBeVisible();
    await expect(page.getByText('***-**-6789').first()).toBeVisible();
    await expect(page.getByText('123-45-6789')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reveal' }).click();
    await expect(page.getByText('123-45-6789')).toBeVisible();
    await page.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('123-45-6789')).toHaveCount(0);
  });

  // Role permissions are global, so this test edits a role no other test signs in as (SUPPORT), with
  // a user of its own in it, and puts the role's permissions back whatever happens. Editing
  // THERAPIST here made the tests that sign in as the demo therapist at the same time fail.
  test('a superadmin removes a permission from a role, and a user of that role loses the menu entry on the next page load', async ({
    page,
    browser,
    request,
  }) => {
    const su = await apiToken(request, 'superadmin');
    const roles = (
      (await (await request.get('/api/role-permissions', { headers: { authorization: `Bearer ${su}` } })).json()) as {
        data: { role: string; permissions: string[] }[];
      }
    ).data;
    const before = roles.find((r) => r.role === 'SUPPORT')!.permissions;
    expect(before).toContain('PERMISSION_READ_CLIENTS');
    const user = await createUser(request, 'superadmin', 'SUPPORT', 'Sam');
    const theirs = await browser.newContext();
    try {
      const sp = await theirs.newPage();
      await signIn(sp, user.username, user.password);
      await sp.goto('/dashboards');
      const nav = sp.getByRole('navigation', { name: /main menu/i });
      await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();

      await signIn(page, 'superadmin');
      await page.goto('/administration/rolePermissions');
      const cell = page.getByRole('checkbox', { name: 'Support: PERMISSION_READ_CLIENTS', exact: true });
      await cell.uncheck();
      const save = page.getByRole('button', { name: 'Save Support' });
      const saved = page.waitForResponse(
        (res) => res.request().method() === 'PUT' && res.url().endsWith('/api/role-permissions/SUPPORT'),
      );
      await expectToast(page, 'The record was saved.', () => save.click());
      expect((await saved).ok()).toBe(true);
      await expect(save).toBeDisabled();
      await expect(cell).not.toBeChecked();

      await sp.reload();
      await expect(nav.getByRole('button', { name: 'Assessments' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
    } finally {
      await theirs.close();
      const res = await request.put('/api/role-permissions/SUPPORT', {
        headers: { authorization: `Bearer ${su}` },
        data: { permissions: before },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  });

  test('the Spanish UI on the people and workspace screens', async ({ page }) => {
    await signIn(page, 'accountadmin');
    await page.goto('/administration/userProfiles');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Apellido/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Terapeuta' }).first()).toBeVisible();
    await page.goto('/administration/workspaces');
    await expect(page.getByRole('columnheader', { name: /Estudiante asociado/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Escuela' }).first()).toBeVisible();
    await page.goto('/students/add');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Nombre es obligatorio.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Estudiante y espacio de trabajo/ })).toBeVisible();
  });

  test('on a 375 px phone the people and workspace screens do not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'accountadmin');
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ['/students', '/administration/userProfiles', '/administration/workspaces']) {
      await page.goto(path);
      await expect(dataRows(page).first()).toBeVisible();
      expect(await sideways(), path).toBeLessThanOrEqual(0);
    }
    await page
      .getByRole('link', { name: /Leo Walker · School/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Members', exact: true })).toBeVisible();
    expect(await sideways(), 'workspace').toBeLessThanOrEqual(0);
  });
});
