import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { newStorageKey, type Storage } from '../../lib/storage/index';
import { processImage } from '../../modules/images/process';
import { pictureFor } from '../../modules/pictures/pictures';
import { poolOf, type Db } from '../client';

type DemoImage = { code: string; name: string; alt: string; folder: string | null; private: boolean };
type DemoFolder = { name: string; private: boolean };

/**
 * The demo gallery (docs/product.md §8): library pictures the content team shared (in two folders)
 * and the therapist's own, one shared with the Demo Therapy Center and one private. The pictures are
 * the Noto drawings the app ships, rendered to PNG and stored through the same processing as an
 * upload, so every size exists and nothing here is a placeholder.
 */
const GALLERY: { owner: string; folders: DemoFolder[]; images: DemoImage[] }[] = [
  {
    owner: 'editor',
    folders: [
      { name: 'Animals', private: false },
      { name: 'Food', private: false },
    ],
    images: [
      { code: '1f436', name: 'Dog', alt: 'A dog’s face', folder: 'Animals', private: false },
      { code: '1f431', name: 'Cat', alt: 'A cat’s face', folder: 'Animals', private: false },
      { code: '1f430', name: 'Rabbit', alt: 'A rabbit’s face', folder: 'Animals', private: false },
      { code: '1f34e', name: 'Apple', alt: 'A red apple', folder: 'Food', private: false },
      { code: '1f34c', name: 'Banana', alt: 'A yellow banana', folder: 'Food', private: false },
    ],
  },
  {
    owner: 'therapist',
    folders: [{ name: 'Our classroom', private: false }],
    images: [
      { code: '1f6aa', name: 'Classroom door', alt: 'A brown door', folder: 'Our classroom', private: false },
      { code: '1f3a8', name: 'Art corner', alt: 'A painter’s palette with paint', folder: null, private: true },
    ],
  },
];

/** Load the demo gallery once (when the demo data is first loaded). Returns how many images it stored. */
export async function seedDemoImages(db: Db, storage: Storage, now: Date): Promise<number> {
  const pool = poolOf(db);
  let stored = 0;
  for (const set of GALLERY) {
    const owner = (
      await pool.query<{ id: string; account_id: string | null }>(
        'SELECT id, account_id FROM users WHERE username = $1',
        [set.owner],
      )
    ).rows[0];
    if (!owner) continue;
    const folders = new Map<string, string>();
    for (const f of set.folders) {
      const res = await pool.query<{ id: string }>(
        `INSERT INTO image_folders (name, is_private, account_id, created_at, updated_at, created_by, updated_by) VALUES ($1, $2, $3, $4, $4, $5, $5) RETURNING id`,
        [f.name, f.private, owner.account_id, now, owner.id],
      );
      folders.set(f.name, res.rows[0]!.id);
    }
    for (const image of set.images) {
      const svg = pictureFor(image.code);
      if (!svg) throw new Error(`no picture ${image.code}`);
      const png = await sharp(Buffer.from(svg), { density: 400 })
        .resize({ width: 640, height: 640, fit: 'contain', background: '#ffffff00' })
        .png()
        .toBuffer();
      const sizes = await processImage(png);
      const keys: Record<string, string> = {};
      for (const size of ['original', 'medium', 'thumb'] as const) {
        keys[size] = newStorageKey(owner.account_id);
        await storage.putStream(keys[size], Readable.from([sizes[size].bytes]), {
          contentType: sizes[size].contentType,
        });
      }
      await pool.query(
        `INSERT INTO images (name, alt, folder_id, is_private, content_type, width, height, size, original_key, medium_key, thumb_key, sha256, account_id, created_at, updated_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $15)`,
        [
          image.name,
          image.alt,
          image.folder ? (folders.get(image.folder) ?? null) : null,
          image.private,
          sizes.original.contentType,
          sizes.original.width,
          sizes.original.height,
          sizes.original.bytes.length,
          keys.original,
          keys.medium,
          keys.thumb,
          crypto.createHash('sha256').update(sizes.original.bytes).digest('hex'),
          owner.account_id,
          now,
          owner.id,
        ],
      );
      stored += 1;
    }
  }
  return stored;
}
