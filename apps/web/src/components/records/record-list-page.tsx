import type { FieldDef } from '@habla/shared/resources/define';
import { CAPABILITIES } from '@habla/shared/permissions';
import { type ColumnDef, flexRender, getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download, Eye, Pencil, Plus, RotateCcw, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { buildUrl } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { useTableStore } from '@/lib/table-store';
import { ColumnChooser } from './column-chooser';
import { ConfirmDialog } from './confirm-dialog';
import { FieldValue, recordTitle } from './field-value';
import { FilterControl } from './filter-control';
import { QuickView } from './quick-view';
import { listQuery, type RecordRow, useRecordPage, useRecordWrites } from './records-api';
import { useListState } from './use-list-state';
import { useCapabilities, useResourceScreen } from './use-resource-screen';

type Pending = { kind: 'delete' | 'restore'; ids: string[] } | null;

/** The one list screen of every resource: server paging, sort, search, filters, trash, selection and bulk actions, export, saved columns. */
export function RecordListPage() {
  const { t } = useTranslation();
  const screen = useResourceScreen();
  const { resource } = screen;
  const can = useCapabilities(screen);
  const [state, update] = useListState(screen);
  const page = useRecordPage(screen, state);
  const writes = useRecordWrites(screen);
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const { setSearchFilter, setColumnSearch, resetSearchFilter, acknowledgeReset } = useTableStore();
  const [search, setSearch] = useState(state.q);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [quick, setQuick] = useState<RecordRow | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [savingColumns, setSavingColumns] = useState(false);
  const title = t(screen.titleKey);

  // Debounced search: one request after the user pauses, not one per key.
  useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => {
      setSearchFilter(search);
      update({ q: search, page: 0 });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, state.q, update, setSearchFilter]);
  useEffect(() => {
    if (!resetSearchFilter) return;
    setSearch('');
    acknowledgeReset();
  }, [resetSearchFilter, acknowledgeReset]);
  useEffect(() => setSelection({}), [state.page, state.q, state.in, state.trash, state.col, state.order, state.filters]);

  const saved = user?.view_options.find((v) => v.controller === resource.controller && v.view === screen.view)?.columns;
  const visible = useMemo(() => {
    const names = new Set(resource.fields.map((f) => f.name));
    const list = (saved ?? resource.fields.filter((f) => f.listed).map((f) => f.name)).filter((n) => names.has(n) && !screen.fixed?.[n]);
    return list.length ? list : [resource.titleField];
  }, [saved, resource, screen.fixed]);

  const columns = useMemo<ColumnDef<RecordRow>[]>(() => {
    const fieldColumns: ColumnDef<RecordRow>[] = visible.map((name) => {
      const field = resource.fields.find((f) => f.name === name) as FieldDef;
      return { id: name, header: t(`fields.${name}`), enableSorting: Boolean(field.sortable), cell: ({ row }) => <FieldValue field={field} row={row.original} /> };
    });
    const select: ColumnDef<RecordRow> = {
      id: '__select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={t('records.selectPage')}
          className="size-4 rounded border-slate-300 text-teal-700"
          checked={table.getIsAllPageRowsSelected()}
          ref={(el) => {
            if (el) el.indeterminate = table.getIsSomePageRowsSelected();
          }}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={t('records.selectRow', { name: recordTitle(resource.titleField, row.original) })}
          className="size-4 rounded border-slate-300 text-teal-700"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return can[CAPABILITIES.CAN_DELETE] ? [select, ...fieldColumns] : fieldColumns;
  }, [visible, resource, t, can]);

  const rows = page.data?.data ?? [];
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => r.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });

  const total = page.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.max));
  const from = total ? state.page * state.max + 1 : 0;
  const to = Math.min(total, (state.page + 1) * state.max);
  const selected = Object.keys(selection).filter((id) => selection[id]);

  const sortBy = (name: string) => {
    if (state.col !== name) update({ col: name, order: 'asc', page: 0 });
    else update({ col: name, order: state.order === 'asc' ? 'desc' : 'asc', page: 0 });
  };

  const bulk = (kind: 'delete' | 'restore') => {
    if (!selected.length) {
      toast.error(t('errors.selectItems'), { toastId: 'select-items' });
      return;
    }
    setPending({ kind, ids: selected });
  };

  const confirmPending = async () => {
    if (!pending) return;
    try {
      const [only] = pending.ids;
      if (pending.ids.length === 1 && only) await (pending.kind === 'delete' ? writes.remove : writes.restore).mutateAsync(only);
      else await writes.bulk.mutateAsync({ ids: pending.ids, action: pending.kind });
      setSelection({});
    } finally {
      setPending(null);
    }
  };

  const saveColumns = async (cols: string[]) => {
    setSavingColumns(true);
    try {
      const answer = await api.put<{ data: { controller: string; view: string; columns: string[] }[] }>(
        '/api/auth/view-options',
        { controller: resource.controller, view: screen.view, columns: cols },
        { silentSuccess: true },
      );
      const current = useAuthStore.getState().user;
      if (current && answer?.data) setUser({ ...current, view_options: answer.data });
    } finally {
      setSavingColumns(false);
    }
  };

  const exportCsv = async () => {
    const url = buildUrl(`${screen.apiPath}/export`, { ...listQuery(screen, state), page: undefined, max: undefined, columns: visible.join(',') });
    const token = useAuthStore.getState().token;
    const res = await fetch(url, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': i18n.language } });
    if (!res.ok) {
      toast.error(t('records.exportFailed'));
      return;
    }
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = `${resource.name}.csv`;
    a.click();
    URL.revokeObjectURL(href);
  };

  const filters = resource.fields.filter((f) => f.filterable && !screen.fixed?.[f.name]);
  const searching = Boolean(state.q || Object.keys(state.filters).length);

  return (
    <>
      <PageHeader
        title={title}
        description={state.trash ? t('records.trashDescription') : undefined}
        actions={
          can[CAPABILITIES.CAN_CREATE] && !state.trash ? (
            <ButtonLink to={`${screen.base}/add`}>
              <Plus className="size-4" aria-hidden="true" />
              {t('records.new')}
            </ButtonLink>
          ) : undefined
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <div className="relative min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor="records-search" className="sr-only">
            {t('records.search')}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            id="records-search"
            type="search"
            value={search}
            placeholder={t('records.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm shadow-sm hover:border-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
          />
        </div>
        {resource.searchable.length > 1 && (
          <div className="w-44">
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
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm hover:border-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              <option value="">{`${t('records.searchIn')}: ${t('records.allColumns')}`}</option>
              {resource.searchable.map((c) => (
                <option key={c} value={c}>{`${t('records.searchIn')}: ${t(`fields.${c}`)}`}</option>
              ))}
            </select>
          </div>
        )}
        {filters.map((f) => (
          <FilterControl key={f.name} field={f} value={state.filters[f.name] ?? ''} onChange={(v) => update({ filters: { ...state.filters, [f.name]: v }, page: 0 })} />
        ))}
        <label className="inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 rounded border-slate-300 text-teal-700" checked={state.trash} onChange={(e) => update({ trash: e.target.checked, page: 0 })} />
          {t('records.showTrash')}
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          <ColumnChooser key={visible.join(',')} resource={resource} visible={visible} saving={savingColumns} onSave={(c) => void saveColumns(c)} />
          <Button variant="secondary" onClick={() => void exportCsv()}>
            <Download className="size-4" aria-hidden="true" />
            {t('records.export')}
          </Button>
        </div>
      </div>

      {can[CAPABILITIES.CAN_DELETE] && (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t('records.bulkActions')}>
          <span className="text-slate-600" aria-live="polite">
            {t('records.selectedCount', { count: selected.length })}
          </span>
          {state.trash ? (
            <Button size="sm" variant="secondary" onClick={() => bulk('restore')}>
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('records.restoreSelected')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => bulk('delete')}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('records.deleteSelected')}
            </Button>
          )}
        </div>
      )}

      <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full text-left text-sm" aria-busy={page.isFetching}>
          <caption className="sr-only">{t('records.caption', { title, from, to, total })}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.columnDef.enableSorting;
                  const active = state.col === header.column.id;
                  const ariaSort = active ? (state.order === 'desc' ? 'descending' : 'ascending') : sortable ? 'none' : undefined;
                  return (
                    <th key={header.id} scope="col" aria-sort={ariaSort} className={header.column.id === '__select' ? 'w-10 px-3 py-2.5' : 'px-3 py-2.5 whitespace-nowrap'}>
                      {sortable ? (
                        <button type="button" onClick={() => sortBy(header.column.id)} className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600">
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {active ? state.order === 'desc' ? <ArrowDown className="size-3.5" aria-hidden="true" /> : <ArrowUp className="size-3.5" aria-hidden="true" /> : <ArrowUpDown className="size-3.5 text-slate-400" aria-hidden="true" />}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
                <th scope="col" className="px-3 py-2.5 text-right">
                  <span className="sr-only">{t('records.actions')}</span>
                </th>
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.isPending &&
              Array.from({ length: 6 }, (_, i) => (
                <tr key={i}>
                  <td colSpan={columns.length + 1} className="px-3 py-3">
                    <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
                  </td>
                </tr>
              ))}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'bg-teal-50/60' : 'hover:bg-slate-50'}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="max-w-md px-3 py-2.5 align-top text-slate-800">
                    <div className={cell.column.id === 'definition' || cell.column.id === 'description' ? 'line-clamp-2' : undefined}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                  </td>
                ))}
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  <RowActions
                    row={row.original}
                    base={screen.base}
                    name={recordTitle(resource.titleField, row.original)}
                    canEdit={can[CAPABILITIES.CAN_EDIT]}
                    canDelete={can[CAPABILITIES.CAN_DELETE]}
                    onQuickView={() => setQuick(row.original)}
                    onDelete={() => setPending({ kind: 'delete', ids: [row.original.id] })}
                    onRestore={() => setPending({ kind: 'restore', ids: [row.original.id] })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {page.isError && (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center" role="alert">
            <p className="text-sm text-slate-700">{t('records.loadFailed')}</p>
            <Button variant="secondary" size="sm" onClick={() => void page.refetch()}>
              {t('records.retry')}
            </Button>
          </div>
        )}
        {page.isSuccess && rows.length === 0 && (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <p className="text-sm font-medium text-slate-800">{searching ? t('records.noResults', { q: state.q }) : state.trash ? t('records.trashEmpty') : t('records.empty')}</p>
            {searching && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setSearch('');
                  update({ q: '', filters: {}, page: 0 });
                }}
              >
                {t('records.resetFilters')}
              </Button>
            )}
          </div>
        )}
      </div>

      <nav className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600" aria-label={t('records.pagination')}>
        <p aria-live="polite">{t('records.range', { from: from.toLocaleString(i18n.language), to: to.toLocaleString(i18n.language), total: total.toLocaleString(i18n.language) })}</p>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={state.page === 0} onClick={() => update({ page: state.page - 1 })} aria-label={t('records.previousPage')}>
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          <span>{t('records.pageOf', { page: (state.page + 1).toLocaleString(i18n.language), pages: pages.toLocaleString(i18n.language) })}</span>
          <Button variant="secondary" size="sm" disabled={state.page + 1 >= pages} onClick={() => update({ page: state.page + 1 })} aria-label={t('records.nextPage')}>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </nav>

      <QuickView screen={screen} row={quick} canEdit={can[CAPABILITIES.CAN_EDIT]} onClose={() => setQuick(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'restore' ? t('records.confirmRestoreTitle') : t('records.confirmDeleteTitle')}
        confirmLabel={pending?.kind === 'restore' ? t('records.restore') : t('records.delete')}
        danger={pending?.kind === 'delete'}
        busy={writes.bulk.isPending || writes.remove.isPending || writes.restore.isPending}
        onConfirm={() => void confirmPending()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'restore' ? t('records.confirmRestore', { count: pending.ids.length }) : t('records.confirmDelete', { count: pending?.ids.length ?? 0 })}
      </ConfirmDialog>
    </>
  );
}

type RowActionsProps = {
  row: RecordRow;
  base: string;
  name: string;
  canEdit: boolean;
  canDelete: boolean;
  onQuickView: () => void;
  onDelete: () => void;
  onRestore: () => void;
};

function RowActions({ row, base, name, canEdit, canDelete, onQuickView, onDelete, onRestore }: RowActionsProps) {
  const { t } = useTranslation();
  const icon = 'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600';
  return (
    <div className="inline-flex items-center gap-0.5">
      <button type="button" className={icon} onClick={onQuickView} aria-label={t('records.quickViewOf', { name })} title={t('records.quickView')}>
        <Eye className="size-4" aria-hidden="true" />
      </button>
      <Link to={`${base}/${row.id}`} className="rounded-lg px-2 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-600" aria-label={t('records.showOf', { name })}>
        {t('records.show')}
      </Link>
      {canEdit && !row.deleted_at && (
        <Link to={`${base}/edit/${row.id}`} className={icon} aria-label={t('records.editOf', { name })} title={t('records.edit')}>
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
      )}
      {canDelete &&
        (row.deleted_at ? (
          <button type="button" className={icon} onClick={onRestore} aria-label={t('records.restoreOf', { name })} title={t('records.restore')}>
            <RotateCcw className="size-4" aria-hidden="true" />
          </button>
        ) : (
          <button type="button" className={`${icon} hover:text-red-700`} onClick={onDelete} aria-label={t('records.deleteOf', { name })} title={t('records.delete')}>
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        ))}
    </div>
  );
}
