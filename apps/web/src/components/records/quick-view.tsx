import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import type { ResourceScreen } from '@/lib/resource-screens';
import { FieldValue, recordTitle } from './field-value';
import type { RecordRow } from './records-api';
import { RecordDetails } from './record-details';

type Props = { screen: ResourceScreen; row: RecordRow | null; canEdit: boolean; onClose: () => void };

/** Quick view: the record's fields in a drawer beside the list, with links to show, full view and edit. */
export function QuickView({ screen, row, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const title = recordTitle(screen.resource.titleField, row ?? undefined);
  return (
    <Dialog open={row !== null} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/30" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-md">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-white shadow-2xl">
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-teal-700 uppercase">{t('records.quickView')}</p>
              <DialogTitle className="truncate text-lg font-semibold text-slate-900">{title}</DialogTitle>
            </div>
            <button type="button" onClick={onClose} aria-label={t('records.close')} className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600">
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {row && (
            <div className="flex-1 space-y-5 px-5 py-4">
              <dl className="space-y-3">
                {screen.resource.fields.map((f) => (
                  <div key={f.name}>
                    <dt className="text-xs font-medium text-slate-500">{t(`fields.${f.name}`)}</dt>
                    <dd className="mt-0.5 text-sm break-words text-slate-900">
                      <FieldValue field={f} row={row} />
                    </dd>
                  </div>
                ))}
              </dl>
              <RecordDetails row={row} />
            </div>
          )}
          {row && (
            <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-3">
              <ButtonLink to={`${screen.base}/${row.id}`} variant="secondary" size="sm">
                {t('records.show')}
              </ButtonLink>
              <ButtonLink to={`${screen.base}/${row.id}/full`} variant="secondary" size="sm">
                {t('records.fullView')}
              </ButtonLink>
              {canEdit && !row.deleted_at && (
                <ButtonLink to={`${screen.base}/edit/${row.id}`} size="sm">
                  {t('records.edit')}
                </ButtonLink>
              )}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
