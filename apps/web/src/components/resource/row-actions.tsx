import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Eye, Info, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionIcon, useRowActionContext } from './record-actions';
import { RecordDetails } from './record-details';
import { rowAllows, type RecordRow } from './resource-api';

type Props = {
  row: RecordRow;
  base: string;
  name: string;
  canShow?: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onQuickView: () => void;
  onDelete: () => void;
  onRestore: () => void;
};

const icon =
  'inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600';

/**
 * A row's actions (seed §2): quick view, show, details, edit, delete or restore; each named after the
 * record. Edit, delete and restore appear when the row's `_actions` (the server's policy) allow them
 * and the screen's route gate lets the user reach the form; so do the resource's declared actions
 * (decision 010), started through the list's action runner.
 */
export function RowActions({
  row,
  base,
  name,
  canShow = true,
  canEdit,
  canDelete,
  onQuickView,
  onDelete,
  onRestore,
}: Props) {
  const { t } = useTranslation();
  const declared = useRowActionContext();
  return (
    <div className="inline-flex items-center gap-0.5">
      <button
        type="button"
        className={icon}
        onClick={onQuickView}
        aria-label={t('records.quickViewOf', { name })}
        title={t('records.quickView')}
      >
        <Eye className="size-4" aria-hidden="true" />
      </button>
      {canShow && (
        <Link
          to={`${base}/${row.id}`}
          className="rounded-lg px-2 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-600"
          aria-label={t('records.showOf', { name })}
        >
          {t('records.show')}
        </Link>
      )}
      <Popover>
        <PopoverButton className={icon} aria-label={t('records.detailsOf', { name })} title={t('records.details')}>
          <Info className="size-4" aria-hidden="true" />
        </PopoverButton>
        <PopoverPanel
          anchor="bottom end"
          className="z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-xl bg-white text-left shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <RecordDetails row={row} />
        </PopoverPanel>
      </Popover>
      {declared?.actions
        .filter((a) => a.single && rowAllows(row, a.name))
        .map((a) => {
          const Icon = actionIcon(a);
          return (
            <button
              key={a.name}
              type="button"
              className={icon}
              onClick={() => declared.start(a, [row])}
              aria-label={t(declared.keyOf(a, 'labelOf'), { name })}
              title={t(declared.keyOf(a, 'label'))}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          );
        })}
      {canEdit && rowAllows(row, 'update') && (
        <Link
          to={`${base}/edit/${row.id}`}
          className={icon}
          aria-label={t('records.editOf', { name })}
          title={t('records.edit')}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
      )}
      {canDelete && rowAllows(row, 'restore') && (
        <button
          type="button"
          className={icon}
          onClick={onRestore}
          aria-label={t('records.restoreOf', { name })}
          title={t('records.restore')}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
        </button>
      )}
      {canDelete && rowAllows(row, 'delete') && (
        <button
          type="button"
          className={`${icon} hover:text-red-700`}
          onClick={onDelete}
          aria-label={t('records.deleteOf', { name })}
          title={t('records.delete')}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
