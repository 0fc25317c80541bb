import { CAPABILITIES } from '@habla/shared/permissions';
import type { FieldDef } from '@habla/shared/resources/define';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { recordTitle } from './field-value';
import { RecordForm } from './record-form';
import { LoadFailed } from './load-failed';
import { useRecord, useRecordWrites } from './resource-api';
import { useItemName } from './use-item-name';
import { useCapabilities, useResourceScreen } from './use-resource-screen';

/** Create (`add`), edit (`edit/:id`) and full edit (`edit/:id/full`) of any resource. */
export function RecordFormPage({ wide = false }: { wide?: boolean }) {
  const { t } = useTranslation();
  const screen = useResourceScreen();
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCapabilities(screen);
  const record = useRecord(screen, id);
  const writes = useRecordWrites(screen);
  const row = record.data?.data;
  const [search] = useSearchParams();
  // A new record started from its parent (a level's "Add chapter") arrives with the parent chosen:
  // `?level_id=<id>&level_id.label=<name>` for any to-one relation of the resource.
  const preset = id ? undefined : presetFrom(screen.resource.fields, search);
  useItemName(row ? recordTitle(screen.resource.titleField, row) : null);

  if (!can[id ? CAPABILITIES.CAN_EDIT : CAPABILITIES.CAN_CREATE]) return <Navigate to={screen.base} replace />;
  const title = t(screen.titleKey);
  if (id && record.isPending) return <Spinner label={t('records.loading')} />;
  if (id && (record.isError || !row)) return <LoadFailed onRetry={() => void record.refetch()} back={screen.base} />;

  const onSubmit = async (body: Record<string, unknown>) => {
    const answer = id ? await writes.update.mutateAsync({ id, body }) : await writes.create.mutateAsync(body);
    // Back to what the person came from: the show page, or the full view after a full edit.
    if (answer?.data) navigate(`${screen.base}/${answer.data.id}${wide ? '/full' : ''}`, { replace: Boolean(id) });
    return answer?.data;
  };

  return (
    <>
      <PageHeader
        eyebrow={title}
        title={
          id
            ? t('records.editTitle', { name: recordTitle(screen.resource.titleField, row) })
            : t('records.newTitle', { title })
        }
      />
      <RecordForm
        key={row?.updated_at ?? 'new'}
        screen={screen}
        row={row}
        wide={wide}
        onSubmit={onSubmit}
        preset={preset}
        cancelTo={id ? `${screen.base}/${id}${wide ? '/full' : ''}` : screen.base}
      />
    </>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Relation values a link may preset on a new record (ids only; the label is just what the picker shows). */
function presetFrom(
  fields: readonly FieldDef[],
  search: URLSearchParams,
): { values: Record<string, string>; labels: Record<string, string> } | undefined {
  const values: Record<string, string> = {};
  const labels: Record<string, string> = {};
  for (const f of fields) {
    const v = search.get(f.name);
    if (f.kind !== 'relation' || f.readOnly || !v || !UUID.test(v)) continue;
    values[f.name] = v;
    labels[v] = search.get(`${f.name}.label`)?.slice(0, 200) || v;
  }
  return Object.keys(values).length ? { values, labels } : undefined;
}

export const RecordFullEditPage = () => <RecordFormPage wide />;
