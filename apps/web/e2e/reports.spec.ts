import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

// The same therapist asks in both tests: one after the other, so each finds its own report first.
test.describe.configure({ mode: 'serial' });

/**
 * Reports (decision 029): a therapist asks for Leo's progress report from his page, waits while the
 * job makes it and downloads the PDF; on a phone in Spanish the same screen reads without scrolling
 * sideways; an account admin makes her center's caseload summary as a CSV under Administration,
 * keeps the choice as a saved report, makes it again and deletes a report; the superadmin reaches
 * the screen as Report Analytics.
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
  const form = page.getByRole('region', { name: 'New report' });
  // Leo is chosen already.
  await expect(form.getByLabel('Student', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(form.getByLabel('Student', { exact: true }).locator('option:checked')).toHaveText('Leo Walker');
  await form.getByLabel('Note for the parents').fill('Leo names more animals every week. Keep reading together.');
  await form.getByRole('button', { name: 'Make the report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is on its way' })).toBeAttached();

  const list = page.getByRole('region', { name: 'Your reports' });
  const item = list.getByRole('listitem').first();
  await expect(item.getByRole('heading', { name: 'Progress report: Leo Walker' })).toBeVisible();
  // The job makes it while the list asks again; the live region says when it is ready.
  await expect(item.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status')).toHaveText('Progress report: Leo Walker is ready to download.');
  expect(await seriousViolations(page), 'reports').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Download Progress report: Leo Walker as PDF' }).click(),
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
  const form = page.getByRole('region', { name: 'Nuevo informe' });
  await form.getByLabel('Alumno', { exact: true }).selectOption({ label: 'Leo Walker' });
  await form.getByLabel('Idioma del informe').selectOption('es');
  await form.getByRole('button', { name: 'Preparar el informe' }).click();
  const list = page.getByRole('region', { name: 'Sus informes' });
  await expect(list.getByRole('listitem').first().getByText('Listo')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page), 'informes').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('reports-375-es.png'), fullPage: true });
});

test('an account admin makes her center’s caseload summary as a CSV, saves the choice, makes it again and deletes one', async ({
  page,
}) => {
  await signIn(page, 'accountadmin');
  await page.goto('/administration/reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'New report' });
  // Under Administration the screen starts on the caseload summary: no student to choose.
  await expect(form.getByRole('radio', { name: /Caseload summary/ })).toBeChecked();
  await expect(form.getByLabel('Student', { exact: true })).toHaveCount(0);
  await form.getByLabel('Format').selectOption('csv');
  await form.getByLabel('Which days').selectOption('90');
  await form.getByRole('button', { name: 'Make the report' }).click();
  const list = page.getByRole('region', { name: 'Your reports' });
  const item = list.getByRole('listitem').first();
  await expect(item.getByRole('heading', { name: 'Caseload summary' })).toBeVisible();
  await expect(item.getByText('Ready')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Download Caseload summary as CSV (spreadsheet)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Caseload summary - \d{4}-\d\d-\d\d \d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Student,Games given,Played,/);
  // The demo center's three students, by last name.
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Mia Johnson', 'Noah Patel', 'Leo Walker']);

  // Kept as a saved report, then made again from it.
  await form.getByRole('button', { name: 'Save these choices' }).click();
  await form.getByLabel('Name of the saved report').fill('The center, every quarter');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = page.getByRole('region', { name: 'Saved reports' });
  await expect(saved.getByRole('heading', { name: 'The center, every quarter' })).toBeVisible();
  await expect(saved.getByText(/Caseload summary · the last 90 days · English · CSV/)).toBeVisible();
  await saved.getByRole('button', { name: 'Make “The center, every quarter” now' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first().getByText('Ready')).toBeVisible({ timeout: 30_000 });
  await expect(saved.getByText(/^Last made on/)).toBeVisible();
  expect(await seriousViolations(page), 'administration reports').toEqual([]);

  // Deleted after saying so.
  await list.getByRole('listitem').first().getByRole('button', { name: 'Delete the report: Caseload summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this report?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Caseload summary was deleted.' })).toBeAttached();
});

test('the superadmin reaches the same screen as Report Analytics', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto('/analytics');
  await page.getByRole('link', { name: 'Report Analytics' }).first().click();
  await expect(page).toHaveURL(/\/analytics\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'New report' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved reports' }).getByText(/No saved reports yet/)).toBeVisible();
  expect(await seriousViolations(page), 'report analytics').toEqual([]);
});
