import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A filter form whose applied values live in the address (`?name=value&page=n`), so back/forward,
 * reload and a shared link show the same list: the applied values and page, the draft the form
 * edits (following the address when it changes from outside the form), `go` to apply a draft at a
 * page, and each input's `name`, `value` and `onChange`.
 */
export function useUrlFilters<const K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<K, string>;
  const page = Math.max(0, Math.trunc(Number(params.get('page') ?? 0)) || 0);
  const [draft, setDraft] = useState<Record<K, string>>(applied);
  const appliedKey = names.map((n) => applied[n]).join('\u0000');
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setDraft(applied);
  }
  const go = (next: Record<K, string>, nextPage = 0) => {
    const search = new URLSearchParams();
    for (const n of names) if (next[n].trim()) search.set(n, next[n].trim());
    if (nextPage > 0) search.set('page', String(nextPage));
    setParams(search);
  };
  const input = (name: K) => ({
    name,
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  return { applied, page, draft, setDraft, go, input };
}
