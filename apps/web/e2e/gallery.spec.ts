import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations, signIn, uniqueTag } from './helpers';

// The image gallery in Chromium. A therapist makes a folder, uploads a photo into it,
// cropped square and compressed in the browser, finds it, changes its alt text; axe on the gallery
// and the upload dialog; the page at a phone's width.

/** A 1600×1000 photo with a GPS position, as a phone writes it. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .composite([
      {
        input: { create: { width: 500, height: 500, channels: 3, background: { r: 250, g: 200, b: 40 } } },
        top: 250,
        left: 550,
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .toBuffer();
}

test('a therapist uploads a cropped, compressed photo into a new folder and edits it', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  await signIn(page, 'therapist');
  await page.goto('/imagesGallery');
  await expect(page.getByRole('heading', { name: 'Images Gallery', level: 1 })).toBeVisible();
  // The demo gallery: the library's pictures and the therapist's own.
  await expect(page.getByRole('button', { name: 'Dog' }).getByRole('img', { name: 'A dog’s face' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gallery-demo-1280.png'), fullPage: true });

  // A folder of one's own.
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByLabel('Folder name').fill(`Garden ${tag}`);
  await folderDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: new RegExp(`Garden ${tag}`) }),
  ).toHaveAttribute('aria-current', 'true');

  await page.getByRole('button', { name: 'Upload image' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload an image' });
  await dialog
    .getByLabel('Choose a picture or drop it here')
    .setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  // Crop: a square, zoomed in, moved by keyboard; the small size.
  await dialog.getByLabel('Shape').selectOption('square');
  await dialog.getByLabel('Zoom').fill('1.5');
  await dialog.getByLabel(/Crop area/).focus();
  await page.keyboard.press('ArrowRight');
  await dialog.getByLabel('Small (up to 1280 pixels, quick on phones)').check();
  await expect(dialog.getByText(/Will send .* \(\d+ × \d+ pixels\)\./)).toBeVisible();
  const sizes = (await dialog.getByText(/Will send/).textContent())?.match(/\((\d+) × (\d+) pixels\)/);
  expect(Number(sizes?.[1])).toBe(Number(sizes?.[2]));
  expect(await seriousViolations(page), 'the upload dialog').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('gallery-upload-1280.png') });

  // Alt text is required.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Alt text is required.')).toBeVisible();
  await dialog.getByLabel('Alt text').fill('A yellow flower in the garden');
  await dialog.getByLabel('Name').fill(`Flower ${tag}`);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const res = await sent;
  expect(res.status()).toBe(201);
  const image = (await res.json()).data as {
    width: number;
    height: number;
    is_private: boolean;
    folder: { label: string };
  };
  // Cropped square and no larger than the small size; private by default; in the folder chosen.
  expect(image.width).toBe(image.height);
  expect(image.width).toBeLessThanOrEqual(1000);
  expect(image.is_private).toBe(true);
  expect(image.folder.label).toBe(`Garden ${tag}`);
  await expect(dialog).toBeHidden();

  const card = page.getByRole('button', { name: `Flower ${tag}` });
  await expect(card.getByRole('img', { name: 'A yellow flower in the garden' })).toBeVisible();
  await page.getByLabel('Search images').fill(`flower ${tag}`);
  await expect(page.getByRole('button', { name: `Flower ${tag}` })).toBeVisible();

  // Open it, change the alt text.
  await card.click();
  const details = page.getByRole('dialog', { name: `Flower ${tag}` });
  await expect(details.getByRole('img', { name: 'A yellow flower in the garden' })).toBeVisible();
  await details.getByLabel('Alt text').fill('A yellow flower');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details).toBeHidden();
  await expect(
    page.getByRole('button', { name: `Flower ${tag}` }).getByRole('img', { name: 'A yellow flower' }),
  ).toBeVisible();

  expect(await seriousViolations(page), 'the gallery').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('gallery-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('gallery-375.png'), fullPage: true });
});
