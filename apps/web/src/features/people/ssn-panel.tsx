import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { panelCard } from '@/components/ui/panel-card';
import { api } from '@/lib/api';
import type { RecordPanelProps } from '@/lib/record-panels';

/** The full SSN on request (audited by the server), hidden again with one click. */
function RevealSsn({ screen, row }: RecordPanelProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () =>
      api.post<{ data: { ssn: string | null } }>(`${screen.apiPath}/${row.id}/reveal-ssn`, {}, { silentSuccess: true }),
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="font-mono text-sm text-slate-900" aria-live="polite">
        {shown ?? String(row.ssn)}
      </span>
      {shown ? (
        <Button size="sm" variant="secondary" onClick={() => setShown(null)}>
          <EyeOff className="size-4" aria-hidden="true" />
          {t('people.hideSsn')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={reveal.isPending}
          onClick={() => void reveal.mutateAsync().then((r) => setShown(r.data.ssn))}
        >
          <Eye className="size-4" aria-hidden="true" />
          {t('people.revealSsn')}
        </Button>
      )}
      <span className="text-xs text-slate-500">{t('people.revealAudited')}</span>
    </div>
  );
}

/** A person's SSN, masked, with the audited reveal (users and students). */
export default function SsnPanel({ screen, row }: RecordPanelProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ssn-panel" className={panelCard}>
      <h2 id="ssn-panel" className="text-base font-semibold text-slate-900">
        {t('fields.ssn')}
      </h2>
      <div className="mt-2">
        <RevealSsn screen={screen} row={row} />
      </div>
    </section>
  );
}
