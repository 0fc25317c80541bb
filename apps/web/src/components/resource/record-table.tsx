import type { FieldDef } from '@habla/shared/resources/define';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceScreen } from '@/lib/resource-screens';
import { FieldValue, recordTitle } from './field-value';
import type { RecordRow } from './resource-api';
import { RowActions } from './row-actions';

type Props = {
  screen: ResourceScreen;
  rows: RecordRow[];
  /** Visible field columns, in order. */
  visible: string[];
  caption: string;
  can: { select: boolean; show?: boolean; edit: boolean; delete: boolean };
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  /** The order the rows come in (the explicit one, or the declaration's default when not searching). */
  sort: { col?: string; order?: 'asc' | 'desc' };
  onSort: (col: string) => void;
  loading: boolean;
  fetching: boolean;
  onQuickView: (row: RecordRow) => void;
  onDelete: (row: RecordRow) => void;
  onRestore: (row: RecordRow) => void;
  /** The empty or error state under the headers. */
  children?: ReactNode;
};

const checkbox = 'size-4 rounded border-slate-300 text-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600';
const SKELETON_ROWS = 8;

/**
 * The page of records as a TanStack table: server-side paging and sorting (`manual*`), a sortable
 * header is a button and its `th` carries `aria-sort`, rows can be selected for bulk actions.
 * Columns are memoised on the visible layout, so a new page re-renders only the rows.
 */
export function RecordTable({
  screen,
  rows,
  visible,
  caption,
  can,
  selection,
  onSelectionChange,
  sort,
  onSort,
  loading,
  fetching,
  onQuickView,
  onDelete,
  onRestore,
  children,
}: Props) {
  const { t } = useTranslation();
  const { resource } = screen;

  const columns = useMemo<ColumnDef<RecordRow>[]>(() => {
    const fieldColumns: ColumnDef<RecordRow>[] = visible.map((name) => {
      const field = resource.fields.find((f) => f.name === name) as FieldDef;
      return {
        id: name,
        header: t(`fields.${name}`),
        enableSorting: Boolean(field.sortable),
        meta: field,
        cell: ({ row }) => <FieldValue resource={resource.name} field={field} row={row.original} />,
      };
    });
    if (!can.select) return fieldColumns;
    const select: ColumnDef<RecordRow> = {
      id: '__select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={t('records.selectPage')}
          className={checkbox}
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
          className={checkbox}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...fieldColumns];
  }, [visible, resource, t, can.select]);

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (r) => r.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
  });
  const span = columns.length + 1;

  return (
    // `relative`: screen-reader-only texts inside the table (absolutely placed) stay inside the scroll box on phones.
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm" aria-busy={fetching}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = header.column.columnDef.enableSorting;
                const active = sort.col === header.column.id;
                const ariaSort = active
                  ? sort.order === 'desc'
                    ? 'descending'
                    : 'ascending'
                  : sortable
                    ? 'none'
                    : undefined;
                const Arrow = !active ? ArrowUpDown : sort.order === 'desc' ? ArrowDown : ArrowUp;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort}
                    className={header.column.id === '__select' ? 'w-10 px-3 py-2.5' : 'px-3 py-2.5 whitespace-nowrap'}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => onSort(header.column.id)}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <Arrow className={clsx('size-3.5', !active && 'text-slate-400')} aria-hidden="true" />
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
        <tbody className={clsx('divide-y divide-slate-100 transition-opacity', fetching && !loading && 'opacity-60')}>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={i} aria-hidden="true">
                {Array.from({ length: span }, (_, j) => (
                  <td key={j} className="px-3 py-3.5">
                    <div
                      className="h-3.5 animate-pulse rounded bg-slate-200/70"
                      style={{ width: `${50 + ((i * 7 + j * 13) % 45)}%` }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? 'bg-teal-50/60' : 'hover:bg-slate-50'}>
              {row.getVisibleCells().map((cell) => {
                const field = cell.column.columnDef.meta as FieldDef | undefined;
                const long = field?.kind === 'longtext';
                const isTitle = cell.column.id === resource.titleField;
                return (
                  <td
                    key={cell.id}
                    className={clsx(
                      'px-3 py-2.5 align-top text-slate-800',
                      long ? 'max-w-md min-w-56' : 'max-w-xs',
                      isTitle && 'min-w-32 font-medium text-slate-900',
                    )}
                  >
                    <div className={long ? 'line-clamp-2' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  </td>
                );
              })}
              <td className="px-3 py-1.5 text-right align-top whitespace-nowrap">
                <RowActions
                  row={row.original}
                  base={screen.base}
                  name={recordTitle(resource.titleField, row.original)}
                  canShow={can.show ?? true}
                  canEdit={can.edit}
                  canDelete={can.delete}
                  onQuickView={() => onQuickView(row.original)}
                  onDelete={() => onDelete(row.original)}
                  onRestore={() => onRestore(row.original)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}
