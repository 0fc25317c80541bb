import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

// The same therapist asks in both tests: one after the other, so each finds its own report first.
test.describe.configure({ mode: 'serial' });

/**
 * Reports (decision 029): a therapist asks for Leo's progress report from his page, waits while the
 * job makes it and downloads the PDF; on a phone in Spanish the same screen reads without scrolling
 * sideways.
 */
test('a therapist asks for Leo’s progress report from his page, waits for it and downloads the PDF', async ({
  page,
}) => {
  await signIn(page, 'therapist');
  await page.goto('/analytics/students');
  await page
    .getByRole('row', { name: /Leo Walker/ })
    .getByRole('link', { name: 'Leo Walker over time' })
    .click();
  await expect(page.getByRole('heading', { name: 'Leo Walker over time', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Progress report' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/reports\?student_id=[0-9a-f-]{36}$/);
  const form = page.getByRole('region', { name: 'New progress report' });
  // Leo is chosen already.
  await expect(form.getByLabel('Student')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(form.getByLabel('Student').locator('option:checked')).toHaveText('Leo Walker');
  await form.getByLabel('Note for the parents').fill('Leo names more animals every week. Keep reading together.');
  await form.getByRole('button', { name: 'Make the report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is on its way' })).toBeAttached();

  const list = page.getByRole('region', { name: 'Your reports' });
  const item = list.getByRole('listitem').first();
  await expect(item.getByRole('heading', { name: 'Progress report: Leo Walker' })).toBeVisible();
  // The job makes it while the list asks again; the live region says when it is ready.
  await expect(item.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status')).toHaveText('The progress report of Leo Walker is ready to download.');
  expect(await seriousViolations(page), 'reports').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: "Download the PDF of Leo Walker's progress report" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Progress report - Leo Walker - .*\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.byteLength).toBeGreaterThan(2000);
});

test('in Spanish on a phone, the reports screen reads without scrolling sideways', async ({ page }) => {
  await signIn(page, 'therapist');
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'Nuevo informe de progreso' });
  await form.getByLabel('Alumno').selectOption({ label: 'Leo Walker' });
  await form.getByLabel('Idioma del informe').selectOption('es');
  await form.getByRole('button', { name: 'Preparar el informe' }).click();
  const list = page.getByRole('region', { name: 'Sus informes' });
  await expect(list.getByRole('listitem').first().getByText('Listo')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page), 'informes').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reports-375-es.png'), fullPage: true });
});
