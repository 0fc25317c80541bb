import { ROLE_VALUES } from '@habla/shared/roles';
import type { UserFigures, UsersAnalytics } from '@habla/shared/schemas/user-analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/resource/list-pagination';
import { LoadFailed } from '@/components/resource/load-failed';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useUrlFilters } from '@/lib/use-url-filters';
import {
  FiguresTable,
  FilterSelect,
  PeriodFilters,
  PeriodLine,
  useDay,
  useFigure,
  type FigureColumn,
} from './figures-kit';

const MAX = 25;
const FILTERS = ['from', 'to', 'q', 'role'] as const;
const ADULT_ROLES = ROLE_VALUES.filter((r) => r !== 'STUDENT');

/**
 * `/analytics/users`: what each adult did over a period (games given, sessions evaluated, recordings,
 * assessments) with their students and the sessions waiting for them now, and when they last used
 * Habla (decision 028). Those who manage users see their account's adults; anyone else their own line.
 */
export function UsersAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const figure = useFigure();
  const day = useDay();
  const filters = useUrlFilters(FILTERS);
  const { applied, page, go, input } = filters;
  const chosen = Object.fromEntries(FILTERS.filter((f) => applied[f]).map((f) => [f, applied[f]]));
  const query = { page, max: MAX, ...chosen };
  const figures = useQuery({
    queryKey: ['analytics', 'users', query],
    queryFn: ({ signal }) =>
      api.get<{ data: UsersAnalytics }>('/api/analytics/users', { query, signal, silentSuccess: true }),
    placeholderData: keepPreviousData,
  });
  const data = figures.data?.data;
  const columns: FigureColumn<UserFigures>[] = [
    { key: 'role', label: t('analytics.users.role'), cell: (u) => t(`roles.${u.role}`) },
    { key: 'students', label: t('analytics.users.students'), cell: (u) => figure(u.students) },
    { key: 'assigned', label: t('analytics.users.assigned'), cell: (u) => figure(u.assigned) },
    { key: 'evaluated', label: t('analytics.users.evaluated'), cell: (u) => figure(u.evaluated) },
    { key: 'waiting', label: t('analytics.users.waiting'), cell: (u) => figure(u.waiting) },
    { key: 'recordings', label: t('analytics.users.recordings'), cell: (u) => figure(u.recordings) },
    { key: 'assessments', label: t('analytics.users.assessments'), cell: (u) => figure(u.assessments) },
    {
      key: 'active',
      label: t('analytics.users.lastActive'),
      cell: (u) =>
        u.last_active
          ? formatDateTime(i18n.language, u.last_active, { dateStyle: 'medium' })
          : t('analytics.users.never'),
    },
  ];
  return (
    <>
      <PageHeader title={t('analytics.users.title')} description={t('analytics.users.lead')} />
      <PeriodFilters
        filters={filters}
        names={FILTERS}
        qLabel={t('analytics.users.q')}
        label={t('analytics.users.filter')}
      >
        <FilterSelect
          label={t('analytics.users.role')}
          {...input('role')}
          options={[
            { value: '', label: t('analytics.users.anyRole') },
            ...ADULT_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          ]}
        />
      </PeriodFilters>
      {figures.isError && <LoadFailed onRetry={() => void figures.refetch()} back="/analytics" />}
      {data && (
        <PeriodLine
          text={t('analytics.users.period', { from: day(data.from), to: day(data.to), count: data.total })}
          exportPath="/api/analytics/users/export"
          filters={chosen}
          filename="users.csv"
          canExport={data.total > 0}
        />
      )}
      {data && data.users.length === 0 ? (
        <EmptyState icon={UsersRound} title={t('analytics.users.none')}>
          {t('analytics.users.noneHelp')}
        </EmptyState>
      ) : (
        <FiguresTable
          rows={data?.users ?? []}
          rowKey={(u) => u.id}
          rowHeaderLabel={t('analytics.users.user')}
          rowHeader={(u) => u.full_name ?? '—'}
          columns={columns}
          caption={data ? t('analytics.users.caption', { from: day(data.from), to: day(data.to) }) : ''}
          dimmed={figures.isFetching && figures.isPlaceholderData}
        />
      )}
      {(data?.total ?? 0) > MAX && (
        <div className="mt-4">
          <ListPagination page={page} max={MAX} total={data!.total} onPage={(p) => go(applied, p)} />
        </div>
      )}
    </>
  );
}
