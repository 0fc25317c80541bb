import type { AccountDashboard } from '@habla/shared/schemas/platform-dashboard';
import { useQuery } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import { ActiveFigure, ActivitySection, Figure, StorageFigure, UsersFigure } from './platform-panel';

/** The account's figures (`GET /api/dashboards/account`); only asked for those the shared rule lets in. */
export function useAccountDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'account'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: AccountDashboard }>('/api/dashboards/account', { signal, silentSuccess: true })
        .then((r) => r.data),
    enabled,
  });
}

/** An account is near its limit from 80 % of its students or adults (docs/product.md §6). */
const NEAR = 0.8;

/**
 * `/dashboards` for an account's admins (docs/product.md §6 "Dashboards"): the account's limits used,
 * its users by role, its active people and stored bytes as cards, then its activity per day and per
 * week as tables: the platform panel's figures, kept to their account.
 */
export function AccountPanel({ d }: { d: AccountDashboard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (value: number) => formatNumber(lang, value);
  const { account } = d;
  const share = (used: number, max: number) => (max > 0 ? used / max : 1);
  const state = (used: number, max: number) =>
    share(used, max) >= 1 ? 'full' : share(used, max) >= NEAR ? 'near' : 'room';
  const line = (kind: 'students' | 'adults', used: number, max: number) => (
    <p className="text-sm text-slate-700">
      {t(`dashboard.account.${kind}Of`, { used: n(used), max: n(max) })}
      {' · '}
      <span className={state(used, max) === 'room' ? 'text-slate-700' : 'font-semibold text-amber-800'}>
        {t(`dashboard.account.state.${state(used, max)}`)}
      </span>
    </p>
  );
  return (
    <section aria-labelledby="account-heading" className="mb-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="account-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t('dashboard.account.title', { name: account.name })}
        </h2>
        <p className="text-xs text-slate-600">
          {t('dashboard.platform.asOf', { time: formatDateTime(lang, d.as_of) })}
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          id="limits"
          icon={Gauge}
          title={t('dashboard.account.limits')}
          value={n(account.students)}
          unit={t('dashboard.account.studentsUnit', { count: account.students, max: n(account.max_students) })}
        >
          {line('students', account.students, account.max_students)}
          {line('adults', account.adults, account.max_adults)}
        </Figure>
        <UsersFigure users={d.users} />
        <ActiveFigure activity={d.activity} />
        <StorageFigure storage={d.storage} />
      </ul>
      <ActivitySection activity={d.activity} />
    </section>
  );
}
