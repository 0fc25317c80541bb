import { galleryScope, IMAGE_RESOURCES, ROLES, type Scope } from '@habla/shared';
import type { CrudUser, OwnedResource, ServerResource } from '../../crud/contract';
import { SqlParams } from '../../crud/sql';
import { accountsScope } from '../tenancy/scopes';
import type { ProcessedImage } from './process';

/**
 * The image gallery on the resource engine. The gallery's scope becomes SQL here: the
 * content scope of games, and a private row for its owner only, whoever asks.
 */
function galleryCondition(scope: Scope, p: SqlParams, a: string, userId: string): string {
  if (scope.kind !== 'all' && scope.kind !== 'library' && scope.kind !== 'content') return 'false';
  const visible = `(${a}.is_private = false OR ${a}.created_by = ${p.add(userId)})`;
  switch (scope.kind) {
    case 'all':
      return visible;
    case 'library':
      return `(${a}.account_id IS NULL AND ${visible})`;
    case 'content':
      return `(${visible} AND (${a}.account_id IS NULL OR ${a}.account_id = ${p.add(scope.accountId)}))`;
  }
}

export const galleryScopeSql = (u: CrudUser, p: SqlParams): string => galleryCondition(galleryScope(u), p, 't', u.id);

/** The stored sizes of an upload, handed over by the upload route (never from a body). */
export type StoredImage = { keys: Record<keyof ProcessedImage, string>; image: ProcessedImage; sha256: string };

/** The owner's account (none for the content team: the library); private unless said otherwise. */
const owner = (u: CrudUser) => ({ account_id: u.account_id });

export const imageFoldersResource: ServerResource = {
  def: IMAGE_RESOURCES['image-folders'],
  table: 'image_folders',
  entity: 'image-folders',
  tenantColumn: 'account_id',
  relations: { account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope } },
  many: {},
  scope: galleryScopeSql,
  hooks: { beforeCreate: async (_c, ctx) => owner(ctx.actor) },
};

export const imagesResource: OwnedResource<StoredImage> = {
  def: IMAGE_RESOURCES.images,
  table: 'images',
  entity: 'images',
  tenantColumn: 'account_id',
  relations: {
    folder_id: { targetTable: 'image_folders', targetTitle: 'name', scope: galleryScopeSql },
    account_id: { targetTable: 'accounts', targetTitle: 'name', scope: accountsScope },
  },
  many: {},
  scope: galleryScopeSql,
  // Only the upload route creates images: it hands over the sizes it stored.
  ownedCreate: async (_c, ctx, _body, stored) => {
    const { original } = stored.image;
    return {
      ...owner(ctx.actor),
      content_type: original.contentType,
      width: original.width,
      height: original.height,
      size: original.bytes.length,
      original_key: stored.keys.original,
      medium_key: stored.keys.medium,
      thumb_key: stored.keys.thumb,
      sha256: stored.sha256,
    };
  },
};

/** A picture (alias `t`) shown by an activity of a game assigned to the student: its question's or an answer's. */
function assignedPicture(u: CrudUser, p: SqlParams): string {
  const pic = `jsonb_build_object('picture', t.id::text)`;
  return `EXISTS (SELECT 1 FROM assignments x WHERE x.student_id = ${p.add(u.id)} AND x.assign_status <> 'UNASSIGNED' AND (x.activities @> jsonb_build_array(${pic}) OR x.activities @> jsonb_build_array(jsonb_build_object('answers', jsonb_build_object('options', jsonb_build_array(${pic}))))))`;
}

/** The storage key of one size of an image the caller may see (live), or null: missing and out of scope look alike. */
export async function imageKey(
  query: (sql: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  u: CrudUser,
  id: string,
  size: keyof ProcessedImage,
): Promise<{ key: string; name: string; contentType: string; updatedAt: Date } | null> {
  const p = new SqlParams();
  const idParam = p.add(id);
  // A student sees the pictures of the games assigned to them (in their frozen copies), nothing else.
  const cond = u.role === ROLES.STUDENT ? assignedPicture(u, p) : galleryScopeSql(u, p);
  const res = await query(
    `SELECT t.${size}_key AS key, t.name, t.content_type, t.updated_at FROM images t WHERE t.id = ${idParam} AND t.deleted_at IS NULL AND ${cond}`,
    p.values,
  );
  const row = res.rows[0];
  if (!row) return null;
  return {
    key: String(row.key),
    name: String(row.name),
    contentType: size === 'original' ? String(row.content_type) : 'image/webp',
    updatedAt: row.updated_at as Date,
  };
}
