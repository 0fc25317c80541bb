import { and, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { ActorContext } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage/index';
import type { AuthUser } from '../auth/sessions';
import { canDeleteFile, filesScope } from './files.policy';
import type { StoredUpload } from './upload';

/** What a file service needs: no HTTP request beyond what the audit log records of it. */
export type FilesContext = ActorContext & { actor: AuthUser; storage: Storage };

/** A file as the API shows it (never its storage key). */
export type FileInfo = {
  id: string;
  account_id: string | null;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_by: string | null;
  created_at: string;
};

type FileRow = typeof files.$inferSelect;

const present = (r: FileRow): FileInfo => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  content_type: r.content_type,
  size: r.size,
  sha256: r.sha256,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
});

/**
 * Record a stored object as a file of the actor's account, with its audit entry, in one
 * transaction. When that fails the object is removed: no object outlives a failed insert.
 */
export async function createFile(ctx: FilesContext, stored: StoredUpload): Promise<FileInfo> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(files)
        .values({
          account_id: ctx.actor.account_id,
          storage_key: stored.key,
          name: stored.name,
          content_type: stored.contentType,
          size: stored.size,
          sha256: stored.sha256,
          created_by: ctx.actor.id,
          updated_by: ctx.actor.id,
          created_at: ctx.now,
          updated_at: ctx.now,
        })
        .returning();
      if (!inserted) throw new Error('file row not inserted');
      await audit(tx, ctx, {
        action: 'create',
        entity: 'files',
        entityId: inserted.id,
        accountId: inserted.account_id,
        changes: { name: stored.name, content_type: stored.contentType, size: stored.size },
      });
      return inserted;
    });
    return present(row);
  } catch (err) {
    await ctx.storage
      .delete(stored.key)
      .catch((e: unknown) => ctx.log.error({ err: e }, 'could not remove the object of a file whose row failed'));
    throw err;
  }
}

/** The row of a file the actor may see; 404 otherwise (another tenant's file does not exist for them). */
async function scopedRow(ctx: Pick<FilesContext, 'db' | 'actor'>, id: string): Promise<FileRow> {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), filesScope(ctx.actor)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getFile(ctx: Pick<FilesContext, 'db' | 'actor'>, id: string): Promise<FileInfo> {
  return present(await scopedRow(ctx, id));
}

/** A file's metadata and where its bytes are, for streaming them. */
export async function getFileForDownload(
  ctx: Pick<FilesContext, 'db' | 'actor'>,
  id: string,
): Promise<FileInfo & { storage_key: string }> {
  const row = await scopedRow(ctx, id);
  return { ...present(row), storage_key: row.storage_key };
}

/**
 * Delete a file: the row (with its audit entry) first, then the object. An object left behind by a
 * failed removal is unreachable and harmless; a row without its object would not be.
 */
export async function deleteFile(ctx: FilesContext, id: string): Promise<void> {
  const row = await scopedRow(ctx, id);
  if (!canDeleteFile(ctx.actor, row)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(files).where(eq(files.id, row.id));
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'files',
      entityId: row.id,
      accountId: row.account_id,
      changes: { name: row.name },
    });
  });
  await ctx.storage
    .delete(row.storage_key)
    .catch((err: unknown) => ctx.log.error({ err }, 'could not remove the object of a deleted file'));
}
