import type { ResourceDef } from './define';

/**
 * The image gallery (docs/product.md §4 and §9): images in folders, each private to its
 * owner or shared with the account (an image without an account is the library's, seen by every
 * account). The bytes come in through `POST /api/images` (multipart: `file` and these fields); the
 * server keeps the full-size image and makes a thumbnail and a medium size, all without metadata,
 * served by `GET /api/images/:id/file?size=thumb|medium|original`.
 */

/** Types an image may be, read from its bytes (never SVG: it can carry script). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The sizes the server keeps of every image, the longest side of each (the original keeps its own). */
export const IMAGE_SIZES = { thumb: 256, medium: 1024 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES | 'original';
export const IMAGE_SIZE_NAMES: readonly ImageSize[] = ['thumb', 'medium', 'original'];
/** Largest image accepted (bytes): a phone photo is 2–8 MB. */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Largest picture decoded (pixels): more is refused before it can exhaust memory. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** What the client-side compression offers (seed §3 "file-size compression option"): the longest side and JPEG quality.
 * */
export const IMAGE_COMPRESSIONS = {
  none: null,
  medium: { maxSide: 2048, quality: 0.85 },
  small: { maxSide: 1280, quality: 0.75 },
} as const;
export type ImageCompression = keyof typeof IMAGE_COMPRESSIONS;

export const IMAGE_RESOURCES = {
  images: {
    name: 'images',
    controller: 'images',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'created_at', order: 'desc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      { name: 'alt', kind: 'text', required: true, max: 250, listed: true },
      { name: 'description', kind: 'longtext', max: 1000 },
      {
        name: 'folder_id',
        kind: 'relation',
        target: 'image-folders',
        as: 'folder',
        sortable: true,
        filterable: true,
        listed: true,
      },
      { name: 'is_private', kind: 'bool', filterable: true, listed: true },
      { name: 'content_type', kind: 'text', readOnly: true },
      { name: 'width', kind: 'int', readOnly: true, listed: true },
      { name: 'height', kind: 'int', readOnly: true },
      { name: 'size', kind: 'int', readOnly: true, sortable: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true },
    ],
  },
  'image-folders': {
    name: 'image-folders',
    controller: 'imageFolders',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 80, sortable: true, listed: true },
      { name: 'description', kind: 'longtext', max: 1000 },
      { name: 'is_private', kind: 'bool', filterable: true, listed: true },
      { name: 'images_count', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type ImageResourceName = keyof typeof IMAGE_RESOURCES;
export const IMAGE_RESOURCE_NAMES = Object.keys(IMAGE_RESOURCES) as ImageResourceName[];
