import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { auditColumns, id } from './common';

/**
 * A stored file: the bytes live in the configured storage (lib/storage) under
 * `storage_key`, never a name a user chose; this row is written only once the object is complete.
 * `account_id` is the uploader's account (null for platform staff: shared content, docs/product.md §2).
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    account_id: uuid('account_id').references(() => accounts.id),
    /** Where the bytes are in the storage: `<account or "platform">/<uuid>`, made by the server. */
    storage_key: text('storage_key').notNull(),
    /** The uploaded file's name, cleaned (no path, no control characters): shown and offered on download. */
    name: text('name').notNull(),
    /** Detected from the bytes (magic numbers), never taken from the client. */
    content_type: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text('sha256').notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('files_account_idx').on(t.account_id, t.created_at),
    uniqueIndex('files_storage_key_idx').on(t.storage_key),
  ],
);
