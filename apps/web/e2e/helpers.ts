import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Habla-Demo-2026';

/** The server's data directory (playwright.config.ts decides it once; the workers inherit it). */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests with -c apps/web/playwright.config.ts');
  return dir;
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function loginViaUi(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/e-mail or username/i).fill(login);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
}

/** Reads one localStorage entry of the app's origin. */
export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
