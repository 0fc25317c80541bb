import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { QueryParams } from '@/lib/api-client';
import type { ResourceScreen } from '@/lib/resource-screens';

export type Ref = { id: string; label: string };
export type RecordRow = Record<string, unknown> & {
  id: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  created_by_name: string | null;
  updated_by_name: string | null;
};
export type Page = { status: true; data: RecordRow[]; meta: { page: number; max: number; total: number } };
type One = { status: true; data: RecordRow; message?: string };

export type ListState = { page: number; max: number; col?: string; order?: 'asc' | 'desc'; q: string; in?: string; trash: boolean; filters: Record<string, string> };

export const listQuery = (screen: ResourceScreen, s: ListState): QueryParams => ({
  page: s.page,
  max: s.max,
  col: s.col,
  order: s.col ? s.order : undefined,
  q: s.q.trim() || undefined,
  in: s.q.trim() ? s.in : undefined,
  trash: s.trash ? 'true' : undefined,
  ...s.filters,
  ...screen.fixed,
});

const keyOf = (screen: ResourceScreen) => ['records', screen.resource.name] as const;

/** One page of a list (the previous page stays on screen while the next loads). */
export function useRecordPage(screen: ResourceScreen, state: ListState) {
  return useQuery({
    queryKey: [...keyOf(screen), 'list', listQuery(screen, state)],
    queryFn: ({ signal }) => api.get<Page>(screen.apiPath, { query: listQuery(screen, state), signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
  });
}

export function useRecord(screen: ResourceScreen, id: string | undefined) {
  return useQuery({
    queryKey: [...keyOf(screen), 'one', id],
    queryFn: ({ signal }) => api.get<One>(`${screen.apiPath}/${id}`, { signal, silentSuccess: true }),
    enabled: Boolean(id),
  });
}

/** Writes of a resource; each refreshes every cached list and record of it. */
export function useRecordWrites(screen: ResourceScreen) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keyOf(screen) });
  const base = screen.apiPath;
  return {
    create: useMutation({ mutationFn: (body: Record<string, unknown>) => api.post<One>(base, body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => api.put<One>(`${base}/${id}`, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<One>(`${base}/${id}`), onSuccess: refresh }),
    restore: useMutation({ mutationFn: (id: string) => api.post<One>(`${base}/${id}/restore`), onSuccess: refresh }),
    bulk: useMutation({
      mutationFn: ({ ids, action }: { ids: string[]; action: 'delete' | 'restore' }) => api.post<One>(`${base}/bulk-${action}`, { ids }),
      onSuccess: refresh,
    }),
  };
}

/** Records of a relation's target for a type-ahead picker. */
export function useOptions(apiPath: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['options', apiPath, q],
    queryFn: ({ signal }) => api.get<Page>(apiPath, { query: { q: q.trim() || undefined, max: 20 }, signal, silent: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
