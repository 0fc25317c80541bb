import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiToken, expectToast, seriousViolations, signIn } from './helpers';

/**
 * A job that really fails on the real queue (the test-only `test.fail` job, which the e2e server
 * enables with JOBS_TEST_HANDLERS and allows one retry), seen in the Failed list with its reason,
 * retried from the screen, failing once more with one more attempt counted.
 */
test('the Jobs screen shows a failed job with its reason and retries it', async ({ page, request }) => {
  const label = `e2e ${randomUUID().slice(0, 8)}`;
  const reason = `mail server ${label} refused the message`;
  const token = await apiToken(request, 'admin');
  const queued = await request.post('/api/jobs/test-failure', {
    data: { label, reason },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(queued.status(), await queued.text()).toBe(200);

  await signIn(page, 'admin');
  await page.goto('/administration/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
  // The screen follows the queue: the job shows up once its one retry has failed too.
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText(reason, { timeout: 30_000 });
  await expect(row.getByRole('cell', { name: '2 of 2' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('jobs-screen.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^retry test\.fail/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this job again?' });
  await expect(dialog).toContainText('failed after 2 attempt(s)');
  expect(await seriousViolations(page)).toEqual([]);
  await expectToast(page, 'The job will run again.', () => dialog.getByRole('button', { name: 'Retry' }).click());
  // It runs once more, fails once more: a third attempt, of three allowed now.
  await expect(page.getByRole('row').filter({ hasText: label }).getByRole('cell', { name: '3 of 3' })).toBeVisible({
    timeout: 30_000,
  });

  // At phone width the screen still works: tabs wrap, the table scrolls in its own region.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('region', { name: 'Jobs, newest first' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Completed' })).toBeInViewport();
  await expect(page.getByRole('row').filter({ hasText: label }).getByRole('cell', { name: reason })).toBeInViewport({
    ratio: 0.5,
  });
  // After a resize the layout settles over a few frames: wait for it rather than read it once.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('jobs-screen-phone.png'), fullPage: true });
});

test('the Jobs screen and API are not for an account admin', async ({ page, request }) => {
  const token = await apiToken(request, 'accountadmin');
  expect((await request.get('/api/jobs', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  await signIn(page, 'accountadmin');
  await page.goto('/administration');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jobs' })).toHaveCount(0);
});
