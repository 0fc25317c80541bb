import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id, tstz } from './common';

/**
 * The image gallery (docs/product.md §4, docs/decisions/016-images.md), made by migration 0009:
 * folders and images belong to an account (none: the library's); a private one exists for its owner
 * only. Indexes and the folder count's trigger live in the migration only (docs/decisions/024-typed-tables.md).
 */

export const imageFolders = pgTable('image_folders', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  is_private: boolean('is_private').notNull().default(true),
  /** Its live images, kept by a trigger on `images`. */
  images_count: integer('images_count').notNull().default(0),
  account_id: uuid('account_id').references(() => accounts.id),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

/** An image: its bytes live in the storage under the three keys, each written without metadata. */
export const images = pgTable('images', {
  id: id(),
  name: text('name').notNull(),
  /** What the image shows, for a screen reader (required). */
  alt: text('alt').notNull(),
  description: text('description'),
  folder_id: uuid('folder_id').references(() => imageFolders.id),
  is_private: boolean('is_private').notNull().default(true),
  // Type, pixels, bytes and SHA-256 (hex) of the stored full-size image (upright, re-encoded).
  content_type: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  size: integer('size').notNull(),
  original_key: text('original_key').notNull(),
  medium_key: text('medium_key').notNull(),
  thumb_key: text('thumb_key').notNull(),
  sha256: text('sha256').notNull(),
  account_id: uuid('account_id').references(() => accounts.id),
  deleted_at: tstz('deleted_at'),
  ...auditColumns(),
});

export type DbImageFolderRow = typeof imageFolders.$inferSelect;
export type DbImageRow = typeof images.$inferSelect;
