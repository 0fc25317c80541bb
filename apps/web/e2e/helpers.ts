import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Habla-Demo-2026';

/** The server's data directory (playwright.config.ts decides it once; the workers inherit it). */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests with -c apps/web/playwright.config.ts');
  return dir;
}

/** Signs in through the login form, as a person would, and waits for the dashboard (a student's: their board). */
export async function loginViaUi(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/e-mail or username/i).fill(login);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/dashboards(\/student)?$/);
}

// The build's version (vite.config.ts defines __APP_VERSION__ from it): the app drops a stored
// session whose `version` entry differs (apps/web/src/lib/storage.ts, reconcileStoredVersion).
const APP_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * Signs in through the API and stores the session where the login page would (`token`, `user`,
 * `version` in localStorage), without loading the app: for tests about something else than the
 * login form (auth.spec.ts covers that). A full load of the app costs ~1.5 s of CPU in the
 * browser, and the login form plus the dashboard cost two of them: on a loaded 2-core machine that
 * is most of a test's time. The page is left on a blank same-origin page: go where the test starts.
 */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), `sign-in of ${login}`).toBe(200);
  const { token, data } = (await res.json()) as { token: string; data: unknown };
  // Same origin as the app, and no app to boot: the health check's JSON.
  await page.goto('/api/health');
  await page.evaluate(
    ([t, user, version]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', user);
      localStorage.setItem('version', version);
    },
    [token, JSON.stringify(data), APP_VERSION] as const,
  );
}

/**
 * Waits for the app to have taken over `/dashboards` from its first frame (app/dashboard-frame.ts):
 * the frame draws the heading before the app starts, so a heading alone does not say the app runs.
 */
export async function dashboardStarted(page: Page): Promise<void> {
  await expect(page.locator('#dashboard-frame')).toHaveCount(0);
}

/** Reads one localStorage entry of the app's origin. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** A bearer token of a user, for API calls that set up or read a test's data. */
export async function apiToken(request: APIRequestContext, login: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { login, password } });
  expect(res.status(), `sign-in of ${login}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A short random tag that keeps the names a test creates apart from other tests' and runs'. */
export const uniqueTag = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type NewUser = {
  id: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
};

/**
 * Creates a user of its own for one test, through the API as `by` (superadmin for platform roles;
 * an account admin's users land in their account). Tests that change a user (disable it, reset its
 * password) use one of these, never a demo user that tests running in parallel sign in as.
 */
export async function createUser(
  request: APIRequestContext,
  by: string,
  role: string,
  firstName = 'Test',
): Promise<NewUser> {
  const tag = uniqueTag();
  const user = {
    username: `e2e.${tag}`,
    password: `Quiet-Lake-${tag}`,
    firstName,
    lastName: `User${tag}`,
    email: `e2e.${tag}@example.org`,
  };
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${await apiToken(request, by)}` },
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      username: user.username,
      email: user.email,
      password: user.password,
      role,
    },
  });
  expect(res.status(), `create ${role} user: ${await res.text()}`).toBe(201);
  const id = ((await res.json()) as { data: { id: string } }).data.id;
  return { ...user, id, fullName: `${user.firstName} ${user.lastName}` };
}

/**
 * Runs `action` and waits until an alert (toast) with this text has been on screen. The app's toasts
 * close after 2 s (seed §9); on a loaded machine an assertion that polls after the action can miss
 * that window, so the page itself looks at every animation frame from before the action on.
 */
export async function expectToast(page: Page, text: string | RegExp, action: () => Promise<void>): Promise<void> {
  const re = typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') : text;
  const key = `__toast${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([k, source, flags]) => {
      const pattern = new RegExp(source, flags);
      const w = window as unknown as Record<string, boolean>;
      w[k] = false;
      const look = () => {
        if ([...document.querySelectorAll('[role="alert"]')].some((el) => pattern.test(el.textContent ?? '')))
          w[k] = true;
        else requestAnimationFrame(look);
      };
      look();
    },
    [key, re.source, re.flags] as const,
  );
  await action();
  await page
    .waitForFunction((k) => (window as unknown as Record<string, boolean>)[k] === true, key, { timeout: 15_000 })
    .catch(() => {
      throw new Error(`No alert matching ${re} was shown`);
    });
}

/**
 * The ids of serious and critical axe violations on the page as it is now. Legacy mode runs axe in
 * the page itself instead of opening a blank page to merge per-frame results (the app has no
 * iframes; axe's frame-tested rule would name any it could not reach), and only violations are
 * returned in full: on the users list this took 2–3 s instead of 10–12 s on a loaded 2-core machine.
 */
export async function seriousViolations(
  page: Page,
  configure: (axe: AxeBuilder) => AxeBuilder = (axe) => axe,
): Promise<string[]> {
  // A toast half-way through sliding in or out is half transparent: axe would measure its text's
  // contrast mid-fade (seen: 3.88:1). Let such animations finish first (not the toast's progress bar).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => !(a instanceof CSSAnimation) || !/__\w+(In|Out)/.test(a.animationName) || a.playState !== 'running',
          ),
      undefined,
      {
        timeout: 5000,
      },
    )
    .catch(() => undefined);
  const result = await configure(
    new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }),
  ).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Where, in the test's output: an id alone does not say which element to fix.
  for (const v of serious)
    console.info(
      `axe ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1).join(' ') ?? ''})`).join('; ')}`,
    );
  return serious.map((v) => v.id);
}

/** The rows of the page's list that hold data (the loading skeleton's rows are hidden from assistive technology). */
export const dataRows = (page: Page) => page.locator('tbody').getByRole('row');
