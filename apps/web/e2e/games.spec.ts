import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations, signIn, storageItem, uniqueTag } from './helpers';

// The game builder in Chromium, from a new game to a completed one and its next version;
// a therapist collects a library game.

/** Writes the target sentence of the open activity and saves it. */
async function saveSentence(page: Page, target: string) {
  await page.getByLabel('Target sentence (the correct answer)').fill(target);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/activities') && ['POST', 'PUT'].includes(r.request().method()),
  );
  await page.getByRole('button', { name: 'Save activity' }).click();
  expect((await saved).status()).toBeLessThan(300);
}

test('an editor builds a level, a chapter and a sentence practice game of five activities (an uploaded cropped picture, a spoken prompt), plays one in the preview, reorders by keyboard, completes it and makes a new version', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag();
  const name = `Past tense ${tag}`;
  await signIn(page, 'editor');

  // A level, and a chapter added from the level's page.
  await page.goto('/levels/add');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Stories ${tag}`);
  await page.getByRole('textbox', { name: /^Slug/ }).fill(`stories-${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Stories ${tag}` })).toBeVisible();
  await page.getByRole('region', { name: 'Chapter order' }).getByRole('link', { name: 'Add Chapter' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(`At home ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `At home ${tag}` })).toBeVisible();

  await page.goto('/games/add');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Type').selectOption('sentence_practice');
  await page.getByRole('combobox', { name: /^Chapter/ }).fill(`At home ${tag}`);
  await page
    .getByRole('option', { name: new RegExp(`At home ${tag}`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Open the game builder' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New activity' })).toBeVisible();

  // A target of one word is refused with the reason.
  await page.getByLabel('Target sentence (the correct answer)').fill('Ate.');
  await page.getByRole('button', { name: 'Save activity' }).click();
  await expect(page.getByText('The target sentence needs 2 to 15 words (it has 1).')).toBeVisible();

  // The first activity: a picture from the vocabulary and an audio prompt spoken by the server.
  await page.getByLabel('Target sentence (the correct answer)').fill('The girl ate an apple.');
  await page.getByLabel('Extra word tiles').fill('eated');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  await page.getByLabel('Search pictures by word').fill('apple');
  await page.getByRole('list', { name: 'Pictures found' }).getByRole('button', { name: 'red apple' }).click();
  await expect(page.getByRole('img', { name: 'Chosen picture' })).toBeVisible();
  const spoken = page.waitForResponse((r) => r.url().endsWith('/api/speech'));
  await page.getByRole('button', { name: 'Speak the text into Audio prompt' }).click();
  expect((await spoken).status()).toBe(201);
  await expect(page.getByLabel('prompt-the-girl-ate-an-apple.wav')).toBeVisible();
  await saveSentence(page, 'The girl ate an apple.');

  // The second: a photo uploaded from the picture picker, cropped square in the browser.
  await page.getByRole('button', { name: 'Add activity' }).click();
  await page.getByLabel('Target sentence (the correct answer)').fill('He went home.');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  await page.getByRole('button', { name: 'My gallery' }).click();
  await page.getByRole('button', { name: 'Upload a picture' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload an image' });
  const house = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 150, b: 220 } },
  })
    .composite([
      {
        input: { create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 60, b: 40 } } },
        top: 300,
        left: 400,
      },
    ])
    .jpeg()
    .toBuffer();
  await upload
    .getByLabel('Choose a picture or drop it here')
    .setInputFiles({ name: 'house.jpg', mimeType: 'image/jpeg', buffer: house });
  await upload.getByLabel('Shape').selectOption('square');
  await upload.getByLabel(/Crop area/).focus();
  await page.keyboard.press('ArrowLeft');
  await upload.getByLabel('Alt text').fill('A red house');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  const image = (await (await uploaded).json()).data as {
    id: string;
    width: number;
    height: number;
    account_id: string | null;
  };
  expect(image.width).toBe(image.height);
  expect(image.account_id).toBeNull();
  await expect(page.getByRole('img', { name: 'Chosen picture' })).toBeVisible();
  // …and its own spoken prompt.
  const spokenToo = page.waitForResponse((r) => r.url().endsWith('/api/speech'));
  await page.getByRole('button', { name: 'Speak the text into Audio prompt' }).click();
  expect((await spokenToo).status()).toBe(201);
  await expect(page.getByLabel('prompt-he-went-home.wav')).toBeVisible();
  await saveSentence(page, 'He went home.');
  const saved = await page.request.get(
    `/api/activities?game_id=${page.url().split('/games/')[1]!.split('/')[0]}&max=10`,
    {
      headers: { authorization: `Bearer ${await storageItem(page, 'token')}` },
    },
  );
  const second = ((await saved.json()).data as { picture: string | null; audio_id: string | null }[]).find(
    (a) => a.picture === image.id,
  );
  expect(second?.audio_id).toBeTruthy();

  for (const target of ['We saw a big bird.', 'She drank the milk.', 'They ran to the park.']) {
    await page.getByRole('button', { name: 'Add activity' }).click();
    await saveSentence(page, target);
  }
  const list = page.getByRole('region', { name: '5 activities' }).getByRole('listitem');
  await expect(list).toHaveCount(5);

  // The preview plays the selected activity with the player's tiles.
  await list.first().getByRole('button').first().click();
  const preview = page.getByRole('region', { name: 'Preview' });
  // A tile dragged with the mouse into the sentence lands there; dragged back out, it returns.
  const dragTo = async (from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) => {
    await from.scrollIntoViewIfNeeded();
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  await dragTo(
    preview.getByRole('button', { name: 'Add "girl"' }),
    preview.getByRole('region', { name: 'Your sentence' }),
  );
  await expect(preview.getByRole('button', { name: 'Remove "girl", word 1' })).toBeVisible();
  await dragTo(
    preview.getByRole('button', { name: 'Remove "girl", word 1' }),
    preview.getByRole('region', { name: 'Words to use' }),
  );
  await expect(preview.getByRole('button', { name: 'Add "girl"' })).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Your sentence' }).getByRole('button')).toHaveCount(0);
  for (const word of ['The', 'girl', 'ate', 'an', 'apple'])
    await preview.getByRole('button', { name: `Add "${word}"` }).click();
  await preview.getByRole('button', { name: 'Check' }).click();
  await expect(preview.getByText('Well done!')).toBeVisible();

  // Reorder by keyboard: the first activity moves down one place.
  await page.getByRole('button', { name: 'Move down: The girl ate an apple.' }).focus();
  const ordered = page.waitForResponse((r) => r.url().includes('/activities/order'));
  await page.keyboard.press('Enter');
  expect((await ordered).status()).toBe(200);
  await expect(page.getByText('The girl ate an apple. moved to position 2 of 5.')).toBeAttached();
  await expect(list.nth(1)).toContainText('The girl ate an apple.');

  // Duplicate one: six activities, the copy right after it.
  await page.getByRole('button', { name: 'Duplicate: We saw a big bird.' }).click();
  await expect(page.getByRole('region', { name: '6 activities' }).getByRole('listitem')).toHaveCount(6);

  expect(await seriousViolations(page), 'the builder').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('builder-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('builder-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Mark as completed' }).click();
  const complete = page.getByRole('dialog', { name: 'Mark the game as completed?' });
  await complete.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByText(/This game is no longer a work in progress/)).toBeVisible();
  await expect(page.getByLabel('Target sentence (the correct answer)')).toBeDisabled();

  await page.getByRole('button', { name: 'New version' }).click();
  await page.getByRole('dialog', { name: 'Make a new version?' }).getByRole('button', { name: 'New version' }).click();
  await expect(page.getByText(/version 2/)).toBeVisible();
  await expect(page.getByRole('region', { name: '6 activities' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Save activity' })).toBeVisible();
});

test('a therapist collects a library game into their own games', async ({ page }) => {
  await signIn(page, 'therapist');
  await page.goto('/games');
  // The library's games and the account's own, with their type, status and sharing.
  await expect(page.getByRole('link', { name: 'Morning routine' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('games-list-1280.png'), fullPage: true });
  await page.goto('/games?q=Find%20the%20food');
  await page.getByRole('link', { name: 'Find the food' }).first().click();
  await expect(page.getByRole('link', { name: 'View in the game builder' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('game-show-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Collect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collect the game?' });
  await dialog.getByRole('button', { name: 'Collect' }).click();
  await expect(page.getByText('The game was collected into your games.')).toBeVisible();
});
