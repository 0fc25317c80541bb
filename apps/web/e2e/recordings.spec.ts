import { expect, test } from '@playwright/test';
import { dataRows, seriousViolations, signIn } from './helpers';

/**
 * Recorded sessions in Chromium with its fake microphone, which plays the synthesized
 * speech of e2e/fixtures/speech.wav (playwright.config.ts): a therapist records about five seconds
 * for Leo, sends the take with the guardian's consent, and watches the server take it through the
 * pipeline to "Ready to Work" (the e2e server transcribes by hand: voice activity segments); then
 * types the first utterance and changes its speaker by keyboard in the editor, and after a reload
 * both are there. The list and the editor pass axe.
 */
test('a therapist records a session in the browser and it reaches Ready to Work with its voice segments', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'therapist');
  await page.goto('/assessments/recordings');
  await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible();
  await expect(dataRows(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'New' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New recording' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Student' }).fill('Leo');
  await page
    .getByRole('option', { name: /Leo Walker/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: /title/i }).fill('Browser take e2e');
  await page.getByRole('radio', { name: /Record here/ }).check();
  await page.getByRole('button', { name: 'Start recording' }).click();
  // About five seconds of the microphone, by the recorder's own clock.
  await expect(page.getByText(/^0:0[5-9]$/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByText('Recorded', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: "The student's guardian has consented to this recording" }).check();
  await page.getByRole('button', { name: 'Send recording' }).click();

  await expect(page).toHaveURL(/\/assessments\/recordings\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Browser take e2e' })).toBeVisible();
  // The page follows the pipeline by itself until the transcript is ready to work on.
  await expect(page.getByText('Ready to Work').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('img', { name: /Waveform of the recording/ })).toBeVisible();
  // The fake microphone spoke: voice activity found utterances to type into.
  const text = page.getByRole('textbox', { name: 'Utterance 1 text' });
  await expect(text).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The therapist types the first utterance and gives it to the therapist, by keyboard only.
  await text.click();
  await page.keyboard.type('what is the dog doing');
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('combobox', { name: 'Utterance 1 speaker' })).toHaveValue('THERAPIST');
  // Autosave: the page says so once the server has it.
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Work in Progress').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Utterance 1 text' })).toHaveValue('what is the dog doing');
  await expect(page.getByRole('combobox', { name: 'Utterance 1 speaker' })).toHaveValue('THERAPIST');
  expect(await seriousViolations(page)).toEqual([]);
});
