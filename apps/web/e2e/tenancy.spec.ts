import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginViaUi } from './helpers';

/** A bearer token of a demo user, for reading ids the test then opens by URL. */
async function token(request: APIRequestContext, login: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password: DEMO_PASSWORD } });
  return ((await res.json()) as { token: string }).token;
}

async function idOf(request: APIRequestContext, who: string, path: string, name: string): Promise<string> {
  const res = await request.get(`${path}?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${await token(request, who)}` } });
  const rows = ((await res.json()) as { data: { id: string; full_name?: string; name?: string }[] }).data;
  const row = rows.find((r) => (r.full_name ?? r.name) === name);
  if (!row) throw new Error(`${name} not found in ${path}`);
  return row.id;
}

async function pick(page: Page, label: string, text: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

test.describe('accounts, people and workspaces', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an account admin creates a therapist and a student, builds a workspace with both and a parent; the therapist then sees the student in the selector', async ({ page, browser }) => {
    const tag = Date.now().toString(36);
    await loginViaUi(page, 'parent');
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
    await loginViaUi(th, `carla.${tag}`, 'Sunny-Harbor-2026');
    await th.getByRole('button', { name: /Student and workspace/ }).click();
    await expect(th.getByRole('button', { name: `Lola Garcia${tag}` })).toBeVisible();
    await th.getByRole('button', { name: new RegExp(`Lola home ${tag}`) }).click();
    await expect(th.getByRole('button', { name: new RegExp(`Student and workspace: Lola Garcia${tag} · Lola home ${tag}`) })).toBeVisible();
    await other.close();
  });

  test('a therapist of one account cannot open a student of the other by URL', async ({ page, request }) => {
    const mateo = await idOf(request, 'parent', '/api/clients', 'Mateo Garcia');
    await loginViaUi(page, 'therapist');
    await page.goto(`/students/${mateo}`);
    await expect(page.getByText(/could not be loaded|not found/i).first()).toBeVisible();
    await expect(page.getByText('Mateo')).toHaveCount(0);
    // Their own student opens.
    const leo = await idOf(request, 'therapist', '/api/clients', 'Leo Walker');
    await page.goto(`/students/${leo}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Leo Walker' })).toBeVisible();
  });

  test('an admin disables a user who is signed in elsewhere, and that session ends', async ({ page, browser, request }) => {
    const supervisor = await idOf(request, 'accountadmin', '/api/users', 'Marcus Reyes');
    const elsewhere = await browser.newContext();
    const sup = await elsewhere.newPage();
    await loginViaUi(sup, 'supervisor');
    await loginViaUi(page, 'accountadmin');
    await page.goto(`/administration/userProfiles/edit/${supervisor}`);
    await page.getByLabel('Status').selectOption('DISABLED');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marcus Reyes' })).toBeVisible();
    await sup.goto('/students');
    await expect(sup).toHaveURL(/\/(login)?$/);
    await elsewhere.close();
    // Back to active for the other tests.
    await page.goto(`/administration/userProfiles/edit/${supervisor}`);
    await page.getByLabel('Status').selectOption('ACTIVE');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marcus Reyes' })).toBeVisible();
  });

  test('the SSN shows masked, and in full only on request', async ({ page }) => {
    const tag = Date.now().toString(36);
    await loginViaUi(page, 'accountadmin');
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

  test('a superadmin removes a permission from THERAPIST and the therapist’s next page load hides the menu entry', async ({ page, browser, request }) => {
    const su = await token(request, 'superadmin');
    const roles = ((await (await request.get('/api/role-permissions', { headers: { authorization: `Bearer ${su}` } })).json()) as { data: { role: string; permissions: string[] }[] }).data;
    const before = roles.find((r) => r.role === 'THERAPIST')!.permissions;
    const clientPerms = ['PERMISSION_CREATE_CLIENTS', 'PERMISSION_EDIT_CLIENTS', 'PERMISSION_READ_CLIENTS'];
    const th = await browser.newContext();
    const tp = await th.newPage();
    await loginViaUi(tp, 'therapist');
    const nav = tp.getByRole('navigation', { name: /main menu/i });
    await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
    try {
      await loginViaUi(page, 'superadmin');
      await page.goto('/administration/rolePermissions');
      for (const p of clientPerms) await page.getByRole('checkbox', { name: new RegExp(`^Therapist: .*${p}|^Therapist: ${p}`) }).uncheck();
      await page.getByRole('button', { name: /Save Therapist/ }).click();
      await expect(page.getByText('The record was saved.').first()).toBeVisible();
      await tp.reload();
      await expect(nav.getByRole('link', { name: 'Assessments' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
    } finally {
      await request.put('/api/role-permissions/THERAPIST', { headers: { authorization: `Bearer ${su}` }, data: { permissions: before } });
      await th.close();
    }
  });

  test('the Spanish UI on the people and workspace screens', async ({ page }) => {
    await loginViaUi(page, 'accountadmin');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto('/administration/userProfiles');
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
    await loginViaUi(page, 'accountadmin');
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const path of ['/students', '/administration/userProfiles', '/administration/workspaces']) {
      await page.goto(path);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await sideways(), path).toBeLessThanOrEqual(0);
    }
    await page.getByRole('link', { name: /Leo Walker · School/ }).first().click();
    await expect(page.getByRole('region', { name: 'Members', exact: true })).toBeVisible();
    expect(await sideways(), 'workspace').toBeLessThanOrEqual(0);
  });
});
