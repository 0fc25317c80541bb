import { ROLE_VALUES } from '@habla/shared/roles';
import type { UserFigures, UsersAnalytics } from '@habla/shared/schemas/user-analytics';
import { UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/lib/format';
import {
  FiguresResult,
  FilterSelect,
  PeriodFilters,
  useAnalytics,
  useDay,
  useFigure,
  type FigureColumn,
} from './figures-kit';

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
  const analytics = useAnalytics<UsersAnalytics, (typeof FILTERS)[number]>('users', FILTERS);
  const { filters, data } = analytics;
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
          {...filters.input('role')}
          options={[
            { value: '', label: t('analytics.users.anyRole') },
            ...ADULT_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          ]}
        />
      </PeriodFilters>
      <FiguresResult
        analytics={analytics}
        rows={(d) => d.users}
        chart={{
          title: (count) => t('analytics.users.chart', { count }),
          label: (u) => u.full_name ?? '—',
          labelHeading: t('analytics.users.user'),
          format: (v) => figure(v),
          series: [
            { key: 'assigned', label: t('analytics.users.assigned'), tone: 'teal', value: (u) => u.assigned },
            { key: 'evaluated', label: t('analytics.users.evaluated'), tone: 'sky', value: (u) => u.evaluated },
            { key: 'waiting', label: t('analytics.users.waiting'), tone: 'amber', value: (u) => u.waiting },
          ],
        }}
        periodText={(d) => t('analytics.users.period', { from: day(d.from), to: day(d.to), count: d.total })}
        empty={{ icon: UsersRound, title: t('analytics.users.none'), help: t('analytics.users.noneHelp') }}
        rowKey={(u) => u.id}
        rowHeaderLabel={t('analytics.users.user')}
        rowHeader={(u) => u.full_name ?? '—'}
        columns={columns}
        caption={data ? t('analytics.users.caption', { from: day(data.from), to: day(data.to) }) : ''}
      />
    </>
  );
}
