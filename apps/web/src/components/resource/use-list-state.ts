import { DEFAULT_PAGE_SIZE } from '@habla/shared/enums';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceScreen } from '@/lib/resource-screens';
import type { ListState } from './resource-api';

/**
 * List state (page, sort, search, trash, filters) kept in the URL, so back/forward, reload and a
 * shared link show the same page. Page size is the seed's 25.
 */
export function useListState(screen: ResourceScreen): [ListState, (patch: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const filterNames = useMemo(
    () => screen.resource.fields.filter((f) => f.filterable && !screen.fixed?.[f.name]).map((f) => f.name),
    [screen],
  );
  const state = useMemo<ListState>(() => {
    const order = params.get('order');
    const filters: Record<string, string> = {};
    for (const name of filterNames) {
      const v = params.get(name);
      if (v) filters[name] = v;
    }
    return {
      page: Math.max(0, Number(params.get('page') ?? 0) || 0),
      max: DEFAULT_PAGE_SIZE,
      col: params.get('col') ?? undefined,
      order: order === 'desc' ? 'desc' : order === 'asc' ? 'asc' : undefined,
      q: params.get('q') ?? '',
      in: screen.resource.searchable.includes(params.get('in') ?? '') ? (params.get('in') ?? undefined) : undefined,
      trash: params.get('trash') === 'true',
      filters,
    };
  }, [params, filterNames, screen.resource.searchable]);
  const update = useCallback(
    (patch: Partial<ListState>) => {
      const next = { ...state, ...patch };
      const out = new URLSearchParams();
      if (next.page) out.set('page', String(next.page));
      if (next.col) out.set('col', next.col);
      if (next.col && next.order) out.set('order', next.order);
      if (next.q) out.set('q', next.q);
      if (next.in) out.set('in', next.in);
      if (next.trash) out.set('trash', 'true');
      for (const [k, v] of Object.entries(next.filters)) if (v) out.set(k, v);
      setParams(out, { replace: true });
    },
    [state, setParams],
  );
  return [state, update];
}
