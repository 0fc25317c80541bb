import { expect, test, type Page } from '@playwright/test';
import { apiToken, dashboardStarted, loginViaUi, seriousViolations, signIn } from './helpers';

/**
 * The dashboards (docs/product.md §6 "Dashboards") on the demo: a student lands on their own board
 * after signing in; a therapist opens the board of a student of theirs, never of another; the
 * superadmin reads the platform's figures on `/dashboards`. In English at 1280 px and in Spanish on
 * a phone, with nothing serious for axe and nothing wider than the screen.
 */

/** Spanish, as the language switch leaves it: the app's entry and the cookie the server's first frame reads. */
async function spanish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.context().addCookies([{ name: 'habla_lang', value: 'es', url: new URL('/', page.url()).href }]);
}

const noSideways = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('a student signs in and lands on their own board: what to play next, big, and their stars', async ({ page }) => {
  await loginViaUi(page, 'student');
  await expect(page).toHaveURL(/\/dashboards\/student$/);
  await expect(page.getByRole('heading', { name: 'Hi, Leo!', level: 1 })).toBeVisible();
  const next = page.getByRole('region', { name: 'Play next' });
  await expect(next).toBeVisible();
  // Each game waiting is a link into the player (the player's tests may change which ones while this runs).
  await expect(next.getByRole('link').first()).toHaveAttribute('href', /^\/players\/[0-9a-f-]{36}$/);
  await expect(next.getByText(/\d+ stars?$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Recent results/ })).toBeVisible();
  expect(await seriousViolations(page), 'the student’s board').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('student-board-1280.png'), fullPage: true });

  // On a phone, in Spanish.
  await spanish(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { name: '¡Hola, Leo!', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Para jugar ahora' })).toBeVisible();
  expect(await seriousViolations(page), 'el panel del estudiante').toEqual([]);
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('student-board-375-es.png'), fullPage: true });

  // `/dashboards` still works for a student: the same board above the sections.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.context().clearCookies({ name: 'habla_lang' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboards');
  await dashboardStarted(page);
  await expect(page.getByRole('heading', { name: 'Your sections' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent results' })).toBeVisible();
});

test('a therapist opens the board of a student of theirs; another account’s student is a 404', async ({
  page,
  request,
}) => {
  await signIn(page, 'therapist');
  await page.goto('/dashboards/student');
  await expect(page.getByRole('heading', { name: 'Student dashboard', level: 1 })).toBeVisible();
  const choose = page.getByRole('combobox', { name: 'Student' });
  await expect(choose).toBeEnabled();
  // Her caseload only: Leo and Mia, not Noah (the supervisor's) nor Mateo (another account).
  await expect(choose.locator('option')).toHaveText(['Choose a student', 'Leo Walker', 'Mia Johnson']);
  await choose.selectOption({ label: 'Leo Walker' });
  const next = page.getByRole('region', { name: 'What Leo Walker plays next' });
  await expect(next).toBeVisible();
  // An adult sees what waits for the child, with nothing to play in the child's place.
  await expect(next.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Leo Walker’s games' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Play my games' })).toHaveCount(0);
  expect(await seriousViolations(page), 'a student’s board, as the therapist').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('therapist-student-board-1280.png'), fullPage: true });

  // The choice is the header selector's too, and it stays for the next visit, in Spanish on a phone.
  await spanish(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Lo que Leo Walker juega ahora' })).toBeVisible();
  expect(await seriousViolations(page), 'el panel de un estudiante, como terapeuta').toEqual([]);
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('therapist-student-board-375-es.png'), fullPage: true });

  // Mateo (the Garcia family's) is outside her scope: the API answers 404, as for no student at all.
  const parent = await apiToken(request, 'parent');
  const mateo = (
    (await (await request.get('/api/selector', { headers: { authorization: `Bearer ${parent}` } })).json()) as {
      data: { student_id: string; name: string }[];
    }
  ).data.find((s) => s.name === 'Mateo Garcia')!.student_id;
  const therapist = await apiToken(request, 'therapist');
  const refused = await request.get(`/api/dashboards/students/${mateo}`, {
    headers: { authorization: `Bearer ${therapist}` },
  });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain('Garcia');
  const mine = await request.get(`/api/dashboards/students/${mateo}`, {
    headers: { authorization: `Bearer ${parent}` },
  });
  expect(mine.status()).toBe(200);
  // And no platform figures for her on `/dashboards` (the API refuses them: 403).
  expect(
    (await request.get('/api/dashboards/platform', { headers: { authorization: `Bearer ${therapist}` } })).status(),
  ).toBe(403);
});

test('the superadmin reads the platform’s figures on /dashboards: cards, and the activity per day and week as tables', async ({
  page,
}) => {
  await signIn(page, 'superadmin');
  await page.goto('/dashboards');
  await dashboardStarted(page);
  const platform = page.getByRole('region', { name: 'The platform at a glance' });
  await expect(platform).toBeVisible();
  for (const name of ['Accounts', 'Users', 'Active people', 'Plan limits', 'Failed jobs', 'Storage'])
    await expect(platform.getByRole('group', { name })).toBeVisible();
  // The demo's two accounts and its users, one of each role at least.
  await expect(platform.getByRole('group', { name: 'Accounts' })).toContainText(/\d+accounts?/);
  await expect(platform.getByRole('group', { name: 'Users' })).toContainText('Superadmin');
  const days = platform.getByRole('table', { name: 'Active per day, last 30 days' });
  await expect(days.locator('tbody tr')).toHaveCount(30);
  await expect(platform.getByRole('table', { name: 'Active per week, last 8 weeks' }).locator('tbody tr')).toHaveCount(
    8,
  );
  // Signing in made the superadmin active today: the newest day counts at least one user.
  await expect(days.locator('tbody tr').first().locator('td').first()).not.toHaveText('0');
  await expect(page.getByRole('heading', { name: 'Your sections' })).toBeVisible();
  expect(await seriousViolations(page), 'the platform dashboard').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('platform-dashboard-1280.png'), fullPage: true });

  await spanish(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await dashboardStarted(page);
  const plataforma = page.getByRole('region', { name: 'La plataforma de un vistazo' });
  await expect(plataforma).toBeVisible();
  await expect(plataforma.getByRole('group', { name: 'Tareas fallidas' })).toBeVisible();
  await expect(plataforma.getByRole('table', { name: 'Activos por día, últimos 30 días' })).toBeVisible();
  expect(await seriousViolations(page), 'el panel de la plataforma').toEqual([]);
  await noSideways(page);
  await page.screenshot({ path: test.info().outputPath('platform-dashboard-375-es.png'), fullPage: true });
});
