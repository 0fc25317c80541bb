import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectToast, loginViaUi, storageItem } from './helpers';

test.describe('signing in and out', () => {
  test('the sign-in page is a page of its own: whole without any script, in the language chosen, and loads none of the app until the person types', async ({
    browser,
    baseURL,
  }) => {
    const phone = { viewport: { width: 412, height: 823 } };
    // Without JavaScript: the whole form, labelled, from the server's HTML and the CSS.
    const bare = await browser.newContext({ ...phone, javaScriptEnabled: false, baseURL });
    const still = await bare.newPage();
    await still.goto('/login');
    await expect(still.getByRole('heading', { level: 1, name: 'Log in to Habla' })).toBeVisible();
    await expect(still.getByLabel(/e-mail or username/i)).toBeVisible();
    await expect(still.getByLabel(/^password$/i)).toBeVisible();
    await expect(still.getByRole('button', { name: /^log in$/i })).toBeVisible();
    await bare.addCookies([{ name: 'habla_lang', value: 'es', url: baseURL! }]);
    await still.goto('/');
    await expect(still.getByRole('heading', { level: 1, name: 'Iniciar sesión en Habla' })).toBeVisible();
    await expect(still.getByLabel('Correo o nombre de usuario')).toBeVisible();
    expect(await still.locator('html').getAttribute('lang')).toBe('es');
    await bare.close();

    // With it: the page's own small script and the CSS; the app's scripts only once the person types.
    const live = await browser.newContext({ ...phone, baseURL });
    const page = await live.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || /\.js$/.test(new URL(request.url()).pathname))
        scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'load' });
    await expect(page.getByLabel(/e-mail or username/i)).toBeFocused();
    expect(scripts.some((path) => /\/assets\/sign-in-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/index-[\w-]+\.js$/.test(path))).toEqual([]);
    await page.getByLabel(/e-mail or username/i).pressSequentially('ed');
    await expect.poll(() => scripts.filter((path) => /\/assets\/index-[\w-]+\.js$/.test(path)).length).toBe(1);
    // The language switch reloads the page in Spanish, remembered for the app.
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión en Habla' })).toBeVisible();
    expect(await storageItem(page, 'language')).toBe('es');
    await page.getByLabel('Correo o nombre de usuario').fill('editor');
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboards$/);
    // The app starts in the language chosen on the sign-in page.
    await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
    await live.close();
  });

  test('the empty form names each missing field under it, without asking the server', async ({ page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) asked = true;
    });
    await page.goto('/');
    await page.getByRole('button', { name: /^log in$/i }).click();
    await expect(page.getByLabel(/e-mail or username/i)).toHaveAccessibleDescription('E-mail or username is required.');
    await expect(page.getByLabel(/^password$/i)).toHaveAccessibleDescription('Password is required.');
    await expect(page.getByLabel(/e-mail or username/i)).toBeFocused();
    expect(asked).toBe(false);
  });

  test('a therapist signs in by e-mail and lands on the dashboard', async ({ page }) => {
    await loginViaUi(page, 'therapist@example.com');
    await expect(page.getByRole('heading', { level: 1, name: /welcome, emily/i })).toBeVisible();
    const user = JSON.parse((await storageItem(page, 'user')) ?? 'null');
    expect(user.role).toBe('THERAPIST');
    expect(user.permissions).toContain('PERMISSION_READ_CLIENTS');
    expect(await storageItem(page, 'token')).toBeTruthy();
  });

  test('different roles sign in by username and see their own menu', async ({ page }) => {
    await loginViaUi(page, 'superadmin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(
      menu.getByRole('button', { name: 'Administration' }).or(menu.getByRole('link', { name: 'Administration' })),
    ).toBeVisible();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);

    await loginViaUi(page, 'student');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Player')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Administration')).toHaveCount(0);
  });

  test('a wrong password shows the seed text in a toast and stores nothing', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel(/e-mail or username/i).fill('editor');
    await page.getByLabel(/^password$/i).fill('not-the-password');
    await expectToast(page, 'Please, input a correct email/username or password.', () =>
      page.getByRole('button', { name: /^log in$/i }).click(),
    );
    await expect(page).toHaveURL(/\/$/);
    // The form is ready for another try: the password is cleared and has the focus.
    await expect(page.getByLabel(/^password$/i)).toBeFocused();
    await expect(page.getByLabel(/^password$/i)).toHaveValue('');
    expect(await storageItem(page, 'token')).toBeNull();
  });

  test('logout clears the token and the user from local storage', async ({ page }) => {
    await loginViaUi(page, 'viewer');
    const stored = JSON.parse((await storageItem(page, 'user')) ?? 'null');
    await page.getByRole('button', { name: `${stored.first_name} ${stored.last_name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel(/e-mail or username/i)).toBeVisible();
    expect(await storageItem(page, 'token')).toBeNull();
    expect(await storageItem(page, 'user')).toBeNull();
    // The revoked session is gone on the server too: going back does not show the dashboard.
    await page.goto('/dashboards');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the login form works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const loginField = page.getByLabel(/e-mail or username/i);
    // Tab from the top of the page until the login field has focus.
    for (let i = 0; i < 10 && !(await loginField.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(loginField).toBeFocused();
    await page.keyboard.type('accountadmin');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^password$/i)).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboards$/);
  });

  test('an expired or revoked session signs the user out and returns to the start', async ({ page }) => {
    await loginViaUi(page, 'supervisor');
    // Revoke the session on the server behind the page's back.
    const token = await storageItem(page, 'token');
    const res = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    expect(await storageItem(page, 'token')).toBeNull();
  });

  test('sign-up creates an account admin who can then sign in', async ({ page }) => {
    const stamp = Date.now().toString(36);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByLabel('First name')).toBeVisible();
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel(/^e-mail$/i).fill(`nora.${stamp}@example.org`);
    await page.getByLabel('Username').fill(`nora${stamp}`);
    await page.getByLabel(/^password$/i).fill('quiet-river-4821');
    await page.getByLabel(/membership type/i).selectOption({ label: 'Parent' });
    await expectToast(page, 'New user was created', () =>
      page.getByRole('button', { name: /sign up|create/i }).click(),
    );
    await loginViaUi(page, `nora${stamp}`, 'quiet-river-4821');
    const user = JSON.parse((await storageItem(page, 'user')) ?? 'null');
    expect(user.role).toBe('ACCOUNT_ADMIN');
  });

  test('sign-up with a taken username names the field', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('User');
    await page.getByLabel(/^e-mail$/i).fill(`dup.${Date.now()}@example.org`);
    await page.getByLabel('Username').fill('therapist');
    await page.getByLabel(/^password$/i).fill('quiet-river-4821');
    await page.getByLabel(/membership type/i).selectOption({ label: 'School' });
    await page.getByRole('button', { name: /sign up|create/i }).click();
    await expect(page.getByText(/username is already in use/i).first()).toBeVisible();
  });
});
