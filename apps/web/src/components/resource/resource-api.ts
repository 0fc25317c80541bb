import type { AnyAction } from '@habla/shared/policies/policy';
import type { ResourceDef } from '@habla/shared/resources/define';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { buildUrl, type QueryParams } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import type { ResourceScreen } from '@/lib/resource-screens';

export type Ref = { id: string; label: string };
/**
 * A row of any resource as the generic screens read it: the engine's row contract over every
 * declaration (`ResourceRow` of @habla/shared), its fields by name, its bookkeeping and `_actions`.
 */
export type RecordRow = ResourceRow<ResourceDef>;

/** True when the row's policy lets the signed-in user take `action` (generic or declared) on it (no `_actions`:
 * nothing). */
export const rowAllows = (row: RecordRow, action: AnyAction): boolean => row._actions?.includes(action) ?? false;
export type Page = { status: true; data: RecordRow[]; meta: { page: number; max: number; total: number } };
type One = { status: true; data: RecordRow; message?: string };

export type ListState = {
  page: number;
  max: number;
  col?: string;
  order?: 'asc' | 'desc';
  q: string;
  in?: string;
  trash: boolean;
  filters: Record<string, string>;
};

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
    queryFn: ({ signal }) =>
      api.get<Page>(screen.apiPath, { query: listQuery(screen, state), signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
    // A screen whose rows change on the server by themselves (recordings being processed) follows them while they do.
    refetchInterval: screen.poll
      ? (query) => (query.state.data ? screen.poll!(query.state.data.data) : false)
      : undefined,
  });
}

/** One record (also a deleted one). `silent` for background look-ups (a filter's label) that must not toast. */
export function useRecord(screen: ResourceScreen, id: string | undefined, silent = false) {
  return useQuery({
    queryKey: [...keyOf(screen), 'one', id],
    queryFn: ({ signal }) =>
      api.get<One>(`${screen.apiPath}/${id}`, { signal, ...(silent ? { silent: true } : { silentSuccess: true }) }),
    enabled: Boolean(id),
  });
}

/** The first records of a resource that point at one record (full view's related records). */
export function useRelated(screen: ResourceScreen, field: string, id: string, max = 10) {
  const query = { page: 0, max, [field]: id };
  return useQuery({
    queryKey: [...keyOf(screen), 'list', query],
    queryFn: ({ signal }) => api.get<Page>(screen.apiPath, { query, signal, silent: true }),
  });
}

/**
 * Download the CSV of the whole current filter (`GET …/export`): fetched with the session's Bearer
 * token (a plain link could not send it), then saved through a temporary object URL. A refusal
 * carries the server's message when it sent one (too many exports at once: try again in N s).
 */
export async function downloadCsv(
  screen: ResourceScreen,
  state: ListState,
  columns: string[],
): Promise<{ saved: true } | { saved: false; message?: string }> {
  const url = buildUrl(`${screen.apiPath}/export`, {
    ...listQuery(screen, state),
    page: undefined,
    max: undefined,
    columns: columns.join(','),
  });
  const token = useAuthStore.getState().token;
  const res = await fetch(url, {
    headers: {
      Accept: 'text/csv',
      'Accept-Language': i18n.language,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errors?: unknown } | null;
    const message = Array.isArray(body?.errors) && typeof body.errors[0] === 'string' ? body.errors[0] : undefined;
    return { saved: false, message };
  }
  await saveDownload(res, `${screen.resource.name}.csv`);
  return { saved: true };
}

/**
 * Save a fetched file as the browser's download, under the name of its Content-Disposition (else
 * `fallback`), through a temporary object URL.
 */
export async function saveDownload(res: Response, fallback: string): Promise<void> {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Writes of a resource; each refreshes every cached list and record of it. */
export function useRecordWrites(screen: ResourceScreen) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keyOf(screen) });
  const base = screen.apiPath;
  return {
    create: useMutation({
      mutationFn: (body: Record<string, unknown>) => api.post<One>(base, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => api.put<One>(`${base}/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<One>(`${base}/${id}`), onSuccess: refresh }),
    restore: useMutation({ mutationFn: (id: string) => api.post<One>(`${base}/${id}/restore`), onSuccess: refresh }),
    bulk: useMutation({
      mutationFn: ({ ids, action }: { ids: string[]; action: 'delete' | 'restore' }) =>
        api.post<One>(`${base}/bulk-${action}`, { ids }),
      onSuccess: refresh,
    }),
  };
}

/** Records of a relation's target for a type-ahead picker. */
export function useOptions(apiPath: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['options', apiPath, q],
    queryFn: ({ signal }) =>
      api.get<Page>(apiPath, { query: { q: q.trim() || undefined, max: 20 }, signal, silent: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
