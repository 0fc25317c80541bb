import { isTenantField } from '@habla/shared/resources/define';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store';
import { fieldControlClasses } from '@/components/ui/text-field';
import { SearchField } from '@/components/ui/search-field';
import type { ResourceScreen } from '@/lib/resource-screens';
import { useTableStore } from '@/lib/table-store';
import { FilterControl } from './filter-control';
import type { ListState } from './resource-api';

type Props = {
  screen: ResourceScreen;
  state: ListState;
  update: (patch: Partial<ListState>) => void;
};

/** Debounce of the search box: one request when the person pauses, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search (debounced; the seed's table store holds the text and the searched column), the
 * declaration's filters and the trash switch. The search text lives here, so typing re-renders
 * the toolbar only, not the table.
 */
export function ListToolbar({ screen, state, update }: Props) {
  const { t } = useTranslation();
  const { resource } = screen;
  const { setSearchFilter, setColumnSearch, resetSearchFilter, acknowledgeReset } = useTableStore();
  const [search, setSearch] = useState(state.q);
  // The URL changed the search (a link, back/forward): show it in the box.
  const [shownQ, setShownQ] = useState(state.q);
  if (state.q !== shownQ) {
    setShownQ(state.q);
    setSearch(state.q);
  }

  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => {
      setSearchFilter(search);
      update({ q: search, page: 0 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, state.q, update, setSearchFilter]);

  // "Clear search and filters" elsewhere raises the seed's reset flag: empty the box.
  useEffect(() => {
    if (!resetSearchFilter) return;
    setSearch('');
    acknowledgeReset();
  }, [resetSearchFilter, acknowledgeReset]);

  // An account member's lists hold their own account only: no account filter.
  const ownAccount = useAuthStore((st) => Boolean(st.user?.account_id));
  const filters = resource.fields.filter(
    (f) => f.filterable && !screen.fixed?.[f.name] && !(isTenantField(f) && ownAccount),
  );
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <SearchField
        id="records-search"
        label={t('records.search')}
        className="w-full sm:w-64"
        inputClassName="h-10"
        value={search}
        placeholder={t('records.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
      />
      {resource.searchable.length > 1 && (
        <div className="w-full sm:w-auto">
          <label htmlFor="records-search-in" className="sr-only">
            {t('records.searchIn')}
          </label>
          <select
            id="records-search-in"
            value={state.in ?? ''}
            onChange={(e) => {
              setColumnSearch(e.target.value || null);
              update({ in: e.target.value || undefined, page: 0 });
            }}
            className={`${fieldControlClasses(false)} h-10`}
          >
            <option value="">{`${t('records.searchIn')}: ${t('records.allColumns')}`}</option>
            {resource.searchable.map((c) => (
              <option key={c} value={c}>{`${t('records.searchIn')}: ${t(`fields.${c}`)}`}</option>
            ))}
          </select>
        </div>
      )}
      {filters.map((f) => (
        <FilterControl
          key={f.name}
          field={f}
          value={state.filters[f.name] ?? ''}
          onChange={(v) => update({ filters: { ...state.filters, [f.name]: v }, page: 0 })}
        />
      ))}
      {/* A read-only list has no trash: nothing of it is ever deleted. */}
      {!resource.readOnly && (
        <label className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600"
            checked={state.trash}
            onChange={(e) => update({ trash: e.target.checked, page: 0 })}
          />
          {t('records.showTrash')}
        </label>
      )}
    </div>
  );
}
