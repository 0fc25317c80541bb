import { CAPABILITIES } from '@habla/shared/permissions';
import { clsx } from 'clsx';
import { Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from './confirm-dialog';
import { FieldValue, recordTitle } from './field-value';
import { LoadFailed } from './load-failed';
import { ActionButtons, useActionRunner, useDeclaredActions } from './record-actions';
import { OrderedChildren } from './ordered-children';
import { RecordDetails } from './record-details';
import { RecordExtras } from './record-extras';
import { RelatedRecords } from './related-records';
import { rowAllows, useRecord, useRecordWrites } from './resource-api';
import { useItemName } from './use-item-name';
import { useCapabilities, useResourceScreen } from './use-resource-screen';

/** Show (`:id`) and full view (`:id/full`, every field on the full width) of any resource. */
export function RecordShowPage({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  const screen = useResourceScreen();
  const { id } = useParams();
  const can = useCapabilities(screen);
  const record = useRecord(screen, id);
  const writes = useRecordWrites(screen);
  const [confirm, setConfirm] = useState<'delete' | 'restore' | null>(null);
  const declared = useDeclaredActions(screen);
  // The runner refreshes the record (and the lists) after a declared action.
  const runner = useActionRunner(screen);
  const row = record.data?.data;
  const name = row ? recordTitle(screen.resource.titleField, row) : null;
  useItemName(name);

  if (record.isPending) return <Spinner label={t('records.loading')} />;
  if (record.isError || !row) return <LoadFailed onRetry={() => void record.refetch()} back={screen.base} />;

  const run = async () => {
    try {
      if (confirm === 'delete') await writes.remove.mutateAsync(row.id);
      if (confirm === 'restore') await writes.restore.mutateAsync(row.id);
    } finally {
      setConfirm(null);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={t(screen.titleKey)}
        title={name ?? ''}
        description={row.deleted_at ? t('records.inTrash') : undefined}
        actions={
          <>
            {full ? (
              <ButtonLink to={`${screen.base}/${row.id}`} variant="secondary">
                {t('records.show')}
              </ButtonLink>
            ) : (
              <ButtonLink to={`${screen.base}/${row.id}/full`} variant="secondary">
                {t('records.fullView')}
              </ButtonLink>
            )}
            {can[CAPABILITIES.CAN_EDIT] && rowAllows(row, 'update') && (
              <ButtonLink to={`${screen.base}/edit/${row.id}${full ? '/full' : ''}`}>
                <Pencil className="size-4" aria-hidden="true" />
                {full ? t('records.fullEdit') : t('records.edit')}
              </ButtonLink>
            )}
            <ActionButtons screen={screen} row={row} actions={declared.single} start={runner.start} />
            {can[CAPABILITIES.CAN_DELETE] && rowAllows(row, 'restore') && (
              <Button variant="secondary" onClick={() => setConfirm('restore')}>
                <RotateCcw className="size-4" aria-hidden="true" />
                {t('records.restore')}
              </Button>
            )}
            {can[CAPABILITIES.CAN_DELETE] && rowAllows(row, 'delete') && (
              <Button variant="danger" onClick={() => setConfirm('delete')}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('records.delete')}
              </Button>
            )}
          </>
        }
      />
      <div className={clsx('grid gap-5', full ? 'lg:grid-cols-[1fr_20rem]' : 'max-w-3xl')}>
        <dl
          className={clsx(
            'grid gap-x-6 gap-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6',
            full ? 'sm:grid-cols-2 xl:grid-cols-3' : 'sm:grid-cols-2',
          )}
        >
          {screen.resource.fields
            .filter((f) => !f.writeOnly)
            .map((f) => (
              <div
                key={f.name}
                className={
                  f.kind === 'longtext' || f.kind === 'relationMany'
                    ? full
                      ? 'sm:col-span-full'
                      : 'sm:col-span-2'
                    : undefined
                }
              >
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t(`fields.${f.name}`)}</dt>
                <dd className="mt-1 text-sm break-words text-slate-900">
                  <FieldValue resource={screen.resource.name} field={f} row={row} />
                </dd>
              </div>
            ))}
        </dl>
        <RecordDetails row={row} className="self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" />
      </div>
      <RecordExtras screen={screen} row={row} />
      <OrderedChildren screen={screen} row={row} />
      {full && <RelatedRecords screen={screen} id={row.id} />}
      {runner.dialog}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'restore' ? t('records.confirmRestoreTitle') : t('records.confirmDeleteTitle')}
        confirmLabel={confirm === 'restore' ? t('records.restore') : t('records.delete')}
        danger={confirm === 'delete'}
        busy={writes.remove.isPending || writes.restore.isPending}
        onConfirm={() => void run()}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'restore' ? t('records.confirmRestore', { count: 1 }) : t('records.confirmDelete', { count: 1 })}
      </ConfirmDialog>
    </>
  );
}

export const RecordFullViewPage = () => <RecordShowPage full />;
