import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, e2eDataDir, expectToast, loginViaUi, storageItem } from './helpers';

// With no SMTP configured the server writes each e-mail to DATA_DIR/outbox (scripts/e2e-server.mjs).
const outbox = join(e2eDataDir(), 'outbox');

function newestMailTo(address: string, since: number): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).map((f) => join(outbox, f));
  } catch {
    return null;
  }
  const mails = files
    .filter((f) => statSync(f).mtimeMs >= since)
    .map((f) => readFileSync(f, 'utf8'))
    .filter((text) => text.includes(address));
  return mails.at(-1) ?? null;
}

test('forgot password e-mails a link that sets a new password once', async ({ page, request }) => {
  // A user of its own: the test changes the password.
  const user = await createUser(request, 'superadmin', 'VIEWER', 'Reset');
  const since = Date.now() - 1000;
  await page.goto('/');
  await page.getByRole('link', { name: /forgot your password/i }).click();
  // Wait for the new page: until its chunk loads, the login form (with the same label) is still shown.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel(/e-mail or username/i).fill(user.username);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/we have sent an e-mail/i)).toBeVisible();

  let mail: string | null = null;
  await expect.poll(() => (mail = newestMailTo(user.email, since)), { timeout: 10_000 }).not.toBeNull();
  // Quoted-printable bodies may wrap long lines with "=\n"; undo that before reading the link.
  const text = (mail as unknown as string).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<>]+\/resetPassword\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;

  await page.goto(path);
  await page.getByLabel(/^new password$/i).fill('bright-harbor-7352');
  await page.getByLabel(/confirm/i).fill('bright-harbor-7352');
  await page.getByRole('button', { name: /save the new password/i }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await loginViaUi(page, user.username, 'bright-harbor-7352');

  // The link works only once. (Wait for the sign-out to finish: a signed-in visitor is sent on from the public pages.)
  await page.goto('/logout');
  await expect.poll(() => storageItem(page, 'token')).toBeNull();
  await page.goto(path);
  await page.getByLabel(/^new password$/i).fill('another-harbor-1111');
  await page.getByLabel(/confirm/i).fill('another-harbor-1111');
  await expectToast(page, /invalid or has expired/i, () =>
    page.getByRole('button', { name: /save the new password/i }).click(),
  );
  await expect(page).toHaveURL(/\/resetPassword\?token=/);
});
