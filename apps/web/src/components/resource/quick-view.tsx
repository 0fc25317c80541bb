import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import type { ResourceScreen } from '@/lib/resource-screens';
import { FieldValue, recordTitle } from './field-value';
import { ActionButtons, useActionRunner, useDeclaredActions } from './record-actions';
import { rowAllows, type RecordRow } from './resource-api';
import { RecordDetails } from './record-details';

type Props = {
  screen: ResourceScreen;
  row: RecordRow | null;
  canShow?: boolean;
  canEdit: boolean;
  onClose: () => void;
  /** After a declared action: the rows as the action left them (the list shows the new state). */
  onChanged?: (rows: RecordRow[]) => void;
};

/** Quick view: the record's fields in a drawer beside the list, with links to show, full view and edit. */
export function QuickView({ screen, row, canShow = true, canEdit, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const declared = useDeclaredActions(screen);
  // Its own runner: the confirmation opens inside the drawer, and focus comes back to the drawer's button.
  const runner = useActionRunner(screen, onChanged);
  // Keep the last record on screen while the drawer slides out.
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);
  const shown = row ?? last;
  const title = recordTitle(screen.resource.titleField, shown ?? undefined);
  return (
    <Dialog open={row !== null} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/30 transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-md">
        <DialogPanel
          transition
          className="flex w-full flex-col overflow-y-auto bg-white shadow-2xl transition-transform duration-200 ease-out data-closed:translate-x-full motion-reduce:transition-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-teal-700 uppercase">{t('records.quickView')}</p>
              <DialogTitle className="truncate text-lg font-semibold text-slate-900">{title}</DialogTitle>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('records.close')}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {shown && (
            <div className="flex-1 space-y-5 px-5 py-4">
              <dl className="space-y-3">
                {screen.resource.fields
                  .filter((f) => !f.writeOnly)
                  .map((f) => (
                    <div key={f.name}>
                      <dt className="text-xs font-medium text-slate-500">{t(`fields.${f.name}`)}</dt>
                      <dd className="mt-0.5 text-sm break-words text-slate-900">
                        <FieldValue resource={screen.resource.name} field={f} row={shown} />
                      </dd>
                    </div>
                  ))}
              </dl>
              <RecordDetails row={shown} />
            </div>
          )}
          {shown && (
            <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-3">
              {canShow && (
                <>
                  <ButtonLink to={`${screen.base}/${shown.id}`} variant="secondary" size="sm">
                    {t('records.show')}
                  </ButtonLink>
                  {!screen.resource.readOnly && (
                    <ButtonLink to={`${screen.base}/${shown.id}/full`} variant="secondary" size="sm">
                      {t('records.fullView')}
                    </ButtonLink>
                  )}
                </>
              )}
              {canEdit && rowAllows(shown, 'update') && (
                <ButtonLink to={`${screen.base}/edit/${shown.id}`} size="sm">
                  {t('records.edit')}
                </ButtonLink>
              )}
              <ActionButtons screen={screen} row={shown} actions={declared.single} start={runner.start} size="sm" />
            </div>
          )}
          {runner.dialog}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
