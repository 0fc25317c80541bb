import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { panelCard } from '@/components/ui/panel-card';
import { api } from '@/lib/api';
import type { RecordPanelProps } from '@/lib/record-panels';

/** What a user's role grants (the e-mailed password link is the users' declared action `send-password-link`, decision
 * 010). */
export default function UserAccessPanel({ row }: RecordPanelProps) {
  const { t } = useTranslation();
  const perms = useQuery({
    queryKey: ['user-permissions', row.id],
    queryFn: () => api.get<{ data: { permissions: string[] } }>(`/api/users/${row.id}/permissions`, { silent: true }),
  });
  return (
    <section aria-labelledby="user-access" className={panelCard}>
      <h2 id="user-access" className="text-base font-semibold text-slate-900">
        {t('people.access')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('people.accessHint', { role: t(`enums.role.${String(row.role)}`) })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('fields.permissions')}>
        {(perms.data?.data.permissions ?? []).map((p) => (
          <li key={p} className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
            {p}
          </li>
        ))}
      </ul>
    </section>
  );
}
