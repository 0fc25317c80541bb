import type { IMAGE_RESOURCES } from '@habla/shared/resources/images';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An image and an image folder as `/api/images` and `/api/image-folders` answer them: the rows of their declarations
 * (packages/shared/src/resources/images.ts). */
export type ImageRow = ResourceRow<typeof IMAGE_RESOURCES.images>;
export type FolderRow = ResourceRow<(typeof IMAGE_RESOURCES)['image-folders']>;
type Page<T> = { data: T[]; meta: { page: number; max: number; total: number } };

export const GALLERY_KEY = ['gallery'] as const;

/** The folders one sees (a gallery has a handful: one page of 100 is all of them). */
export function useFolders(enabled = true) {
  return useQuery({
    queryKey: [...GALLERY_KEY, 'folders'],
    queryFn: ({ signal }) =>
      api.get<Page<FolderRow>>('/api/image-folders', {
        query: { max: 100, page: 0, col: 'name', order: 'asc' },
        signal,
        silentSuccess: true,
      }),
    enabled,
  });
}

/** One page of images, newest first, in a folder and matching a search. */
export function useImages(opts: { page: number; max: number; q: string; folderId: string | null }) {
  const query: Record<string, string | number> = { page: opts.page, max: opts.max };
  if (opts.q) query.q = opts.q;
  if (opts.folderId) query.folder_id = opts.folderId;
  return useQuery({
    queryKey: [...GALLERY_KEY, 'images', query],
    queryFn: ({ signal }) => api.get<Page<ImageRow>>('/api/images', { query, signal, silentSuccess: true }),
    placeholderData: (previous) => previous,
  });
}
