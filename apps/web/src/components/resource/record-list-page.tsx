import type { ViewOption } from '@habla/shared/schemas/auth';
import { CAPABILITIES } from '@habla/shared/permissions';
import { isTenantField } from '@habla/shared/resources/define';
import type { RowSelectionState } from '@tanstack/react-table';
import { Download, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify/unstyled';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { listToolsOf } from '@/lib/list-tools';
import { useTableStore } from '@/lib/table-store';
import { ColumnChooser } from './column-chooser';
import { ConfirmDialog } from './confirm-dialog';
import { ListPagination } from './list-pagination';
import { ListToolbar } from './list-toolbar';
import { QuickView } from './quick-view';
import { actionIcon, actionKey, RowActionContext, useActionRunner, useDeclaredActions } from './record-actions';
import { RecordTable } from './record-table';
import { downloadCsv, type RecordRow, useRecordPage, useRecordWrites } from './resource-api';
import { useListState } from './use-list-state';
import { useCapabilities, useResourceScreen } from './use-resource-screen';

type Pending = { kind: 'delete' | 'restore'; ids: string[] } | null;

/** The one list screen of every resource: server paging, sort, search, filters, trash, selection and bulk actions,
 * export, saved columns, quick view. */
export function RecordListPage() {
  const { t } = useTranslation();
  const screen = useResourceScreen();
  const { resource } = screen;
  const can = useCapabilities(screen);
  const [state, update] = useListState(screen);
  const page = useRecordPage(screen, state);
  const writes = useRecordWrites(screen);
  const ownAccount = useAuthStore((s) => Boolean(s.user?.account_id));
  const saved = useAuthStore(
    (s) => s.user?.view_options.find((v) => v.controller === resource.controller && v.view === screen.view)?.columns,
  );
  const clearSearchFilter = useTableStore((s) => s.clearSearchFilter);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [quick, setQuick] = useState<RecordRow | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [savingColumns, setSavingColumns] = useState(false);
  const [exporting, setExporting] = useState(false);
  const title = t(screen.titleKey);

  // A selection belongs to the rows on screen: another page, search, filter or order clears it.
  const [selectionKey, setSelectionKey] = useState('');
  const key = JSON.stringify([state.page, state.q, state.in, state.trash, state.col, state.order, state.filters]);
  if (key !== selectionKey) {
    setSelectionKey(key);
    setSelection({});
  }

  const visible = useMemo(() => {
    const names = new Set(resource.fields.filter((f) => !f.writeOnly).map((f) => f.name));
    const list = (
      saved ?? resource.fields.filter((f) => f.listed && !(isTenantField(f) && ownAccount)).map((f) => f.name)
    ).filter((n) => names.has(n) && !screen.fixed?.[n]);
    return list.length ? list : [resource.titleField];
  }, [saved, resource, screen.fixed, ownAccount]);

  // Without an explicit order the server sorts by the declaration's default, or by relevance while searching.
  const sort: { col?: string; order?: 'asc' | 'desc' } = state.col
    ? { col: state.col, order: state.order ?? 'asc' }
    : state.q
      ? {}
      : resource.defaultSort;
  const onSort = useCallback(
    (col: string) => update({ col, order: sort.col === col && sort.order === 'asc' ? 'desc' : 'asc', page: 0 }),
    [update, sort.col, sort.order],
  );

  const rows = page.data?.data ?? [];
  const total = page.data?.meta.total ?? 0;
  const from = total ? state.page * state.max + 1 : 0;
  const to = Math.min(total, (state.page + 1) * state.max);
  const selected = Object.keys(selection).filter((id) => selection[id]);
  const canDelete = can[CAPABILITIES.CAN_DELETE];
  // Declared actions (decision 010): on a selection in the toolbar, on a row in its actions.
  const declared = useDeclaredActions(screen);
  const bulkActions = state.trash ? [] : declared.bulk;
  const runner = useActionRunner(screen, (changed) => {
    setSelection({});
    // The quick view shows the row as the action left it.
    setQuick((open) => (open ? (changed.find((r) => r.id === open.id) ?? open) : open));
  });
  const rowContext = {
    actions: declared.single,
    start: runner.start,
    keyOf: (a: (typeof declared.single)[number], text: Parameters<typeof actionKey>[2]) => actionKey(screen, a, text),
  };
  // Features' tools on the selection (the games list's Assign), as their own rules allow.
  const user = useAuthStore((s) => s.user);
  const tools = state.trash ? [] : listToolsOf(resource.name).filter((tool) => tool.visible(user));
  const selectable = canDelete || bulkActions.length > 0 || tools.length > 0;

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
      if (pending.ids.length === 1 && only)
        await (pending.kind === 'delete' ? writes.remove : writes.restore).mutateAsync(only);
      else await writes.bulk.mutateAsync({ ids: pending.ids, action: pending.kind });
      setSelection({});
    } finally {
      setPending(null);
    }
  };

  const saveColumns = async (columns: string[]) => {
    setSavingColumns(true);
    try {
      const answer = await api.put<{ data: ViewOption[] }>(
        '/api/auth/view-options',
        { controller: resource.controller, view: screen.view, columns },
        { silentSuccess: true },
      );
      // The server keeps the layout; the stored user carries it to a reload and is replaced at the next login.
      const current = useAuthStore.getState().user;
      if (current && answer?.data) useAuthStore.getState().setUser({ ...current, view_options: answer.data });
    } finally {
      setSavingColumns(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const result = await downloadCsv(screen, state, visible);
      if (!result.saved) toast.error(result.message ?? t('records.exportFailed'));
    } catch {
      toast.error(t('records.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const filtered = Object.keys(state.filters).length > 0;
  const emptyText = state.q
    ? t('records.noResults', { q: state.q })
    : filtered
      ? t('records.noFilterResults')
      : state.trash
        ? t('records.trashEmpty')
        : t('records.empty');

  return (
    <>
      <PageHeader
        title={title}
        description={state.trash ? t('records.trashDescription') : screen.leadKey ? t(screen.leadKey) : undefined}
        actions={
          can[CAPABILITIES.CAN_CREATE] && !state.trash ? (
            <ButtonLink to={`${screen.base}/${screen.createPath ?? 'add'}`}>
              <Plus className="size-4" aria-hidden="true" />
              {t('records.new')}
            </ButtonLink>
          ) : undefined
        }
      />
      <ListToolbar screen={screen} state={state} update={update} />

      <div className="mb-3 flex flex-wrap items-center gap-2">
        {selectable && (
          <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t('records.bulkActions')}>
            <span className="text-slate-600" aria-live="polite">
              {t('records.selectedCount', { count: selected.length })}
            </span>
            {canDelete &&
              (state.trash ? (
                <Button size="sm" variant="secondary" onClick={() => bulk('restore')}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {t('records.restoreSelected')}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => bulk('delete')}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('records.deleteSelected')}
                </Button>
              ))}
            {bulkActions.map((a) => {
              const Icon = actionIcon(a);
              return (
                <Button
                  key={a.name}
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    runner.start(
                      a,
                      rows.filter((r) => selection[r.id]),
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {t(actionKey(screen, a, 'label'))}
                </Button>
              );
            })}
            {tools.map(({ id, Component }) => (
              <Suspense key={id} fallback={null}>
                <Component
                  screen={screen}
                  rows={rows.filter((r) => selection[r.id])}
                  clearSelection={() => setSelection({})}
                />
              </Suspense>
            ))}
          </div>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          <ColumnChooser
            key={visible.join(',')}
            resource={resource}
            hidden={screen.fixed}
            visible={visible}
            saving={savingColumns}
            onSave={(c) => void saveColumns(c)}
          />
          {can[CAPABILITIES.CAN_EXPORT] && (
            <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportCsv()}>
              {!exporting && <Download className="size-4" aria-hidden="true" />}
              {t('records.export')}
            </Button>
          )}
        </div>
      </div>

      <RowActionContext.Provider value={rowContext}>
        <RecordTable
          screen={screen}
          rows={rows}
          visible={visible}
          caption={t('records.caption', { title, from, to, total })}
          can={{
            select: selectable,
            show: can[CAPABILITIES.CAN_SHOW],
            edit: can[CAPABILITIES.CAN_EDIT],
            delete: canDelete,
          }}
          selection={selection}
          onSelectionChange={setSelection}
          sort={sort}
          onSort={onSort}
          loading={page.isPending}
          // A poll in the background does not dim the rows every few seconds; a new page, search or order does.
          fetching={page.isFetching && !(screen.poll && page.isRefetching && !page.isPlaceholderData)}
          onQuickView={setQuick}
          onDelete={(row) => setPending({ kind: 'delete', ids: [row.id] })}
          onRestore={(row) => setPending({ kind: 'restore', ids: [row.id] })}
        >
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
              <p className="text-sm font-medium text-slate-800">{emptyText}</p>
              {(state.q || filtered) && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    clearSearchFilter();
                    update({ q: '', filters: {}, page: 0 });
                  }}
                >
                  {t('records.resetFilters')}
                </Button>
              )}
            </div>
          )}
        </RecordTable>
      </RowActionContext.Provider>

      <ListPagination page={state.page} max={state.max} total={total} onPage={(p) => update({ page: p })} />

      <QuickView
        screen={screen}
        row={quick}
        canShow={can[CAPABILITIES.CAN_SHOW]}
        canEdit={can[CAPABILITIES.CAN_EDIT]}
        onClose={() => setQuick(null)}
        onChanged={(changed) => setQuick((open) => (open ? (changed.find((r) => r.id === open.id) ?? open) : open))}
      />
      {runner.dialog}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'restore' ? t('records.confirmRestoreTitle') : t('records.confirmDeleteTitle')}
        confirmLabel={pending?.kind === 'restore' ? t('records.restore') : t('records.delete')}
        danger={pending?.kind === 'delete'}
        busy={writes.bulk.isPending || writes.remove.isPending || writes.restore.isPending}
        onConfirm={() => void confirmPending()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'restore'
          ? t('records.confirmRestore', { count: pending.ids.length })
          : t('records.confirmDelete', { count: pending?.ids.length ?? 0 })}
      </ConfirmDialog>
    </>
  );
}
