import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, e2eDataDir, expectToast, seriousViolations, signIn, uniqueTag } from './helpers';

// With no SMTP configured the server writes each e-mail to DATA_DIR/outbox (scripts/e2e-server.mjs).
const outbox = join(e2eDataDir(), 'outbox');

/** The e-mails written since `since` to `address`, quoted-printable line wraps undone. */
function mailsTo(address: string, since: number): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).map((f) => join(outbox, f));
  } catch {
    return [];
  }
  return files
    .filter((f) => statSync(f).mtimeMs >= since)
    .map((f) =>
      readFileSync(f, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(address));
}

/**
 * A declared action end to end (decision 010): an admin selects two users in the list, runs "send
 * password link" on the selection, confirms the plural prompt, and each user gets an e-mail with a
 * link to set a new password, sent by the real job queue.
 */
test('an admin e-mails a password link to two selected users from the list', async ({ page, request }) => {
  const tag = `Link${uniqueTag()}`;
  const one = await createUser(request, 'superadmin', 'VIEWER', tag);
  const two = await createUser(request, 'superadmin', 'VIEWER', tag);
  const since = Date.now() - 1000;

  await signIn(page, 'admin');
  await page.goto(`/administration/userProfiles?q=${tag}`);
  await expect(page.getByRole('cell', { name: one.lastName, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: two.lastName, exact: true })).toBeVisible();
  const toolbar = page.getByRole('group', { name: 'Actions on selected records' });
  const trigger = toolbar.getByRole('button', { name: 'Send password link' });

  // Nothing selected yet: the seed's message, nothing sent.
  await expectToast(page, 'Please, select items to proccede.', () => trigger.click());

  await page.getByRole('checkbox', { name: `Select ${one.fullName}` }).check();
  await page.getByRole('checkbox', { name: `Select ${two.fullName}` }).check();
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Send a password link?' });
  await expect(dialog).toContainText('Send a link to set a new password to 2 people?');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('send-password-link-confirm.png'), fullPage: true });

  await expectToast(page, 'e-mailed to 2 people', () =>
    dialog.getByRole('button', { name: 'Send password link' }).click(),
  );
  await expect(dialog).toBeHidden();
  await expect(toolbar.getByText('0 selected')).toBeVisible();
  // Focus is back on the button that opened the dialog.
  await expect(trigger).toBeFocused();

  for (const user of [one, two]) {
    await expect
      .poll(() => mailsTo(user.email, since).length, { timeout: 15_000, message: `e-mail to ${user.email}` })
      .toBe(1);
    expect(mailsTo(user.email, since)[0]).toMatch(/\/resetPassword\?token=[\w-]+/);
  }

  // At phone width the row's own button is reachable and named after the record.
  // (once the toast, which slides in from beyond the right edge, has gone)
  await expect(page.getByRole('alert').filter({ hasText: 'e-mailed to 2 people' })).toHaveCount(0, { timeout: 15_000 });
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('button', { name: `Send a password link to ${one.fullName}` })).toBeAttached();
  // The layout settles after the resize (the header re-lays out): nothing is wider than the phone then.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('send-password-link-phone.png'), fullPage: true });
});
