import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An image as `/api/images` answers it. */
export type ImageRow = {
  id: string;
  name: string;
  alt: string;
  description: string | null;
  folder_id: string | null;
  folder: { id: string; label: string } | null;
  is_private: boolean;
  content_type: string;
  width: number;
  height: number;
  size: number;
  account_id: string | null;
  created_by: string | null;
  _actions: string[];
};
export type FolderRow = { id: string; name: string; description: string | null; is_private: boolean; images_count: number; account_id: string | null; _actions: string[] };
type Page<T> = { data: T[]; meta: { page: number; max: number; total: number } };

export const GALLERY_KEY = ['gallery'] as const;

/** The folders one sees (a gallery has a handful: one page of 100 is all of them). */
export function useFolders(enabled = true) {
  return useQuery({
    queryKey: [...GALLERY_KEY, 'folders'],
    queryFn: ({ signal }) => api.get<Page<FolderRow>>('/api/image-folders', { query: { max: 100, page: 0, col: 'name', order: 'asc' }, signal, silentSuccess: true }),
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
