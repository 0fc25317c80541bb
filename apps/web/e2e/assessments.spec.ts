import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './helpers';

/**
 * Assessments in Chromium: a therapist pastes a plain-text transcript for Leo, opens the
 * assessment, reads the measures, codes an error on an utterance (saved as they go), completes the
 * assessment (read-only afterwards) and downloads its PDF. The assessment screen passes axe.
 */
test('a therapist pastes a transcript, codes an error, completes the assessment and downloads the PDF', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'therapist');
  await page.goto('/assessments/list/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New assessment' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Student' }).fill('Leo');
  await page
    .getByRole('option', { name: /Leo Walker/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: /title/i }).fill('Snack time e2e');
  await page.getByRole('radio', { name: 'Paste or import a transcript' }).check();
  await page.getByRole('radio', { name: 'Plain text' }).check();
  const transcript = [
    'EXA: what do you want ?',
    'CHI: I want (the) the cookies .',
    'CHI: he eated my apple .',
    "CHI: I don't like milk .",
    'CHI: can I have juice ?',
  ].join('\n');
  await page.getByRole('textbox', { name: 'Transcript' }).fill(transcript);
  await page.getByRole('button', { name: 'Analyse the sample' }).click();

  await expect(page).toHaveURL(/\/assessments\/list\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Snack time e2e' })).toBeVisible();
  // Four utterances of the child; the maze (the) is left out: 4 + 4 + 4 + 4 = 16 words.
  await expect(page.getByText('16 words in 4 utterances')).toBeVisible();
  await expect(page.getByText('Mean length of utterance: the average number of words per utterance.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // "he eated my apple": a grammar error, coded by keyboard and saved as the therapist goes.
  const coding = page.getByRole('group', { name: 'Errors in utterance 3' });
  const grammar = coding.getByRole('button', { name: 'Grammar' });
  await grammar.focus();
  await page.keyboard.press('Enter');
  await expect(grammar).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Work in progress').first()).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Errors in utterance 3' }).getByRole('button', { name: 'Grammar' }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Mark as completed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Complete the assessment?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByText('Completed').first()).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Errors in utterance 3' }).getByRole('button', { name: 'Grammar' }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Snack time e2e.*\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(5_000);
  expect(await seriousViolations(page)).toEqual([]);
});
