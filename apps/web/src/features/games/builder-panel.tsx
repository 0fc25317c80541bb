import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import type { RecordPanelProps } from '@/lib/record-panels';

/** A game's page: how many activities it has and a button into the builder (read-only there once completed). */
export default function BuilderPanel({ row }: RecordPanelProps) {
  const { t } = useTranslation();
  const count = Number(row.activities_count ?? 0);
  const wip = row.game_status === 'WORK_IN_PROGRESS';
  return (
    <section
      aria-labelledby="game-builder-panel"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="game-builder-panel" className="text-lg font-semibold text-slate-900">
        {t('builder.activities', { count })}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{wip ? t('builder.panelWip') : t('builder.panelDone')}</p>
      <ButtonLink className="mt-4" to={`/games/${row.id}/builder`}>
        <Hammer aria-hidden="true" className="size-4" />
        {wip ? t('builder.open') : t('builder.openReadOnly')}
      </ButtonLink>
    </section>
  );
}
