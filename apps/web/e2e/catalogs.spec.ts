import { expect, type Page, test } from '@playwright/test';
import {
  apiToken,
  createUser,
  dataRows,
  expectToast,
  loginViaUi,
  seriousViolations,
  signIn,
  storageItem,
  uniqueTag,
} from './helpers';

const rows = dataRows;
/** Cells of the first data column (after the selection checkbox, when the user may select), skeleton rows left out. */
const firstCells = (page: Page, column = 2) =>
  page.locator(`tbody tr:not([aria-hidden="true"]) td:nth-child(${column})`);
/** The Trash switch follows the URL, which the router updates a moment after the click. */
async function setTrash(page: Page, on: boolean) {
  await page.getByLabel('Trash').click();
  await expect(page.getByLabel('Trash')).toBeChecked({ checked: on });
}

/**
 * Runs `action` (a search, a sort, a page change) and waits until the list shows its answer: the
 * list request with these parameters has been answered and the table is no longer busy. The
 * previous page stays on screen while the next one loads, so reading the rows any earlier could
 * read the old ones.
 */
async function listShows(page: Page, params: Record<string, string>, action: () => Promise<void>) {
  const answered = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return (
      res.request().method() === 'GET' &&
      url.pathname.startsWith('/api/catalogs/') &&
      Object.entries(params).every(([k, v]) => url.searchParams.get(k) === v)
    );
  });
  await action();
  expect((await answered).ok()).toBe(true);
  await expect(page.locator('table[aria-busy]')).toHaveAttribute('aria-busy', 'false');
}

test.describe('reference catalogs on the generic resource screens', () => {
  test('an editor searches the dictionary, sorts, pages to page 3 and opens a quick view', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/catalogs/dictionary');
    await expect(page.getByRole('heading', { level: 1, name: 'Dictionary' })).toBeVisible();
    await expect(page.getByText(/^1–25 of 1\d\d,\d{3}$/)).toBeVisible();

    await listShows(page, { q: 'zebra' }, () => page.getByLabel('Search').fill('zebra'));
    await expect(page).toHaveURL(/q=zebra/);
    await expect(firstCells(page).first()).toHaveText('zebra');
    await expect(rows(page)).not.toHaveCount(0);

    // Sort by word descending, then back to ascending, through the column header.
    await listShows(page, { q: 'zebra', col: 'word', order: 'asc' }, () =>
      page.getByRole('button', { name: /^word$/i }).click(),
    );
    await expect(page.getByRole('columnheader', { name: /word/i })).toHaveAttribute('aria-sort', 'ascending');
    await listShows(page, { q: 'zebra', col: 'word', order: 'desc' }, () =>
      page.getByRole('button', { name: /^word$/i }).click(),
    );
    await expect(page.getByRole('columnheader', { name: /word/i })).toHaveAttribute('aria-sort', 'descending');
    const desc = await firstCells(page).allTextContents();
    expect(desc.length).toBeGreaterThan(1);
    expect(desc).toEqual([...desc].sort().reverse());

    await listShows(page, { q: 'ter' }, () => page.getByLabel('Search').fill('ter'));
    await expect(page).toHaveURL(/q=ter/);
    await listShows(page, { q: 'ter', order: 'asc' }, () => page.getByRole('button', { name: /^word$/i }).click());
    await expect(page).toHaveURL(/order=asc/);
    const page1 = await firstCells(page).allTextContents();
    await listShows(page, { q: 'ter', page: '1' }, () => page.getByRole('button', { name: 'Next page' }).click());
    await listShows(page, { q: 'ter', page: '2' }, () => page.getByRole('button', { name: 'Next page' }).click());
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('3');
    await expect(page.getByText(/^51–75 of [\d,]+$/)).toBeVisible();
    const page3 = await firstCells(page).allTextContents();
    expect(page3).toHaveLength(25);
    expect(page3.some((w) => page1.includes(w))).toBe(false);
    expect(page3.every((w) => w.toLowerCase().includes('ter'))).toBe(true);

    const word = page3[0]!;
    await page
      .getByRole('button', { name: `Quick view of ${word}` })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: word })).toBeVisible();
    await expect(drawer.getByText('Definition')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('an editor creates, edits, deletes and restores a verb', async ({ page }) => {
    const base = `blorp${uniqueTag()}`;
    await signIn(page, 'editor');
    await page.goto('/catalogs/verbs');
    await page.getByRole('link', { name: 'New' }).click();
    await expect(page).toHaveURL(/\/catalogs\/verbs\/add$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Base form is required.')).toBeVisible();
    await page.getByLabel('Base form').fill(base);
    await page.getByLabel('Past simple').fill(`${base}ed`);
    await page.getByLabel('Past participle').fill(`${base}ed`);
    await page.getByLabel('Type').selectOption('regular');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: base, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(base);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Past simple').fill(`${base}t`);
    await page.getByLabel('Type').selectOption('irregular');
    await page.getByRole('button', { name: 'Save' }).click();
    // The show page again (the edit page's title, "Edit …", holds the name too).
    await expect(page.getByRole('heading', { level: 1, name: base, exact: true })).toBeVisible();
    await expect(page.getByText(`${base}t`)).toBeVisible();
    await expect(page.getByText('Irregular', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('This record is in the trash.')).toBeVisible();
    await page.goto(`/catalogs/verbs?q=${base}`);
    await expect(page.getByText(`No results for “${base}”.`)).toBeVisible();
    await setTrash(page, true);
    await expect(firstCells(page)).toHaveText([base]);
    await page.getByRole('button', { name: `Restore ${base}` }).click();
    await expectToast(page, 'The record was restored.', () =>
      page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click(),
    );
    await expect(rows(page)).toHaveCount(0);
    await setTrash(page, false);
    await expect(firstCells(page)).toHaveText([base]);
    // It is also on the Irregular Verb screen (a fixed filter of the same resource).
    await page.goto(`/catalogs/verbIrregular?q=${base}`);
    await expect(firstCells(page)).toHaveText([base]);
  });

  test('an editor bulk-deletes two topics; with nothing selected the seed text shows', async ({ page, request }) => {
    const tag = uniqueTag();
    // The topics themselves come from the API: creating through the form is the verb test's subject.
    const token = await apiToken(request, 'editor');
    for (const name of [`Bulk ${tag} one`, `Bulk ${tag} two`]) {
      const res = await request.post('/api/catalogs/topics', {
        headers: { authorization: `Bearer ${token}` },
        data: { name },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await signIn(page, 'editor');
    await page.goto(`/catalogs/topics?q=${tag}`);
    await expect(rows(page)).toHaveCount(2);
    await expectToast(page, 'Please, select items to proccede.', () =>
      page.getByRole('button', { name: 'Delete selected' }).click(),
    );
    await page.getByLabel('Select all records on this page').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await expectToast(page, '2 record(s) moved to the trash.', () =>
      page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click(),
    );
    await expect(page.getByText(`No results for “${tag}”.`)).toBeVisible();
    await setTrash(page, true);
    await expect(rows(page)).toHaveCount(2);
  });

  test('a hidden column stays hidden after logging out and in again', async ({ page, request }) => {
    // A user of its own: the layout is saved per user, on the server.
    const user = await createUser(request, 'superadmin', 'EDITOR');
    await signIn(page, user.username, user.password);
    await page.goto('/catalogs/verbTenses');
    await expect(page.getByRole('columnheader', { name: /grammatical function/i })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Grammatical function' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('columnheader', { name: /grammatical function/i })).toHaveCount(0);
    await page.goto('/logout');
    await expect.poll(() => storageItem(page, 'user')).toBeNull();
    await loginViaUi(page, user.username, user.password);
    const stored = JSON.parse((await storageItem(page, 'user')) ?? '{}') as {
      view_options: { controller: string; columns: string[] }[];
    };
    expect(stored.view_options.find((v) => v.controller === 'verbTenses')?.columns).not.toContain(
      'grammatical_function',
    );
    await page.goto('/catalogs/verbTenses');
    await expect(page.getByRole('columnheader', { name: /^name$/i })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /grammatical function/i })).toHaveCount(0);
  });

  test('a viewer reads the catalogs but sees no create, edit or delete buttons', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/catalogs/verbs?q=go');
    // No selection column for a viewer: the base form is the first column.
    await expect(firstCells(page, 1).first()).toHaveText('go');
    await expect(page.getByRole('checkbox')).toHaveCount(1); // the Trash switch only
    await expect(page.getByRole('link', { name: 'New' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await page.getByRole('link', { name: 'Show go', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'go' })).toBeVisible();
    await expect(page.getByText('went', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    // Typing the URL of the form does not open it either.
    await page.goto(page.url().replace(/\/verbs\//, '/verbs/edit/'));
    await expect(page).toHaveURL(/\/catalogs\/verbs$/);
  });

  test('the Spanish UI shows Spanish labels on lists and forms', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/catalogs/vocabulary?q=perro');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Vocabulario' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /palabra \(español\)/i })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'perro', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Sustantivo' }).first()).toBeVisible();
    await page.goto('/catalogs/verbs/add');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Forma base es obligatorio.')).toBeVisible();
  });

  test('a full view lists related records; "see all" opens the list filtered by the record, named in the filter', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    // The seeded topic "Activities" has some 40 words: more than the full view lists.
    const topic = 'Activities';
    await page.goto(`/catalogs/topics?q=${topic}`);
    await page.getByRole('link', { name: `Show ${topic}`, exact: true }).click();
    await page.getByRole('link', { name: 'Full view' }).click();
    await expect(page).toHaveURL(/\/full$/);
    const related = page.getByRole('region', { name: 'Vocabulary' });
    await expect(related.getByRole('listitem')).toHaveCount(10);
    await related.getByRole('link', { name: /^See all \d+ in the Vocabulary list$/ }).click();
    await expect(page).toHaveURL(/\/catalogs\/vocabulary\?topic_id=/);
    await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue(topic);
    // Wait for the rows themselves (not the loading skeleton) before reading them.
    await expect(firstCells(page, 4).first()).toHaveText(topic);
    const topics = await firstCells(page, 4).allTextContents();
    expect(topics.length).toBeGreaterThan(0);
    expect(new Set(topics)).toEqual(new Set([topic]));
  });

  test('on a 375 px phone the list scrolls inside its box and the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, 'editor');
    await page.goto('/catalogs/dictionary');
    await expect(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = page.locator('table').locator('..');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(/^26–50 of [\d,]+$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('axe finds no serious or critical violation on a list, the quick view, a show page and a form with an open picker', async ({
    page,
  }) => {
    await signIn(page, 'editor');
    await page.goto('/catalogs/vocabulary?q=cat');
    // The rows of data, not the loading skeleton.
    const quickView = page.getByRole('button', { name: 'Quick view of cat', exact: true });
    await expect(quickView).toBeVisible();
    expect(await seriousViolations(page), 'list').toEqual([]);
    await quickView.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: 'cat', exact: true })).toBeVisible();
    expect(await seriousViolations(page), 'quick view').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('link', { name: 'Show cat', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    expect(await seriousViolations(page), 'show page').toEqual([]);
    await page.goto('/catalogs/topics/add');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Topic type' }).fill('a');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await seriousViolations(page), 'form with an open picker').toEqual([]);
  });
});
