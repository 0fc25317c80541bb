import type { PlatformDashboard } from '@habla/shared/schemas/platform-dashboard';
import { useQuery } from '@tanstack/react-query';
import { Activity, AlertTriangle, Building2, Gauge, HardDrive, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { api } from '@/lib/api';
import { dateTimeFormat, formatDateTime, formatNumber, numberFormat } from '@/lib/format';

/** The platform's figures (`GET /api/dashboards/platform`); only asked for those the shared rule lets in. */
export function usePlatformDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'platform'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: PlatformDashboard }>('/api/dashboards/platform', { signal, silentSuccess: true })
        .then((r) => r.data),
    enabled,
  });
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the largest unit that keeps the number at 1 or more (1,024 to the next), e.g. "4.9 kB", "0 bytes". */
export function formatBytes(language: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes in words ("0 bytes": the short form says "0 byte"), the larger units short ("4.9 kB").
  return numberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A UTC day (`YYYY-MM-DD`) as the language writes a short date, e.g. "Mar 9" / "9 mar". */
const dayLabel = (language: string, day: string) =>
  dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const heading = 'text-sm font-semibold tracking-wide text-slate-600 uppercase';

/** One figure: a heading, its big number with what it counts, and the details below. */
export function Figure({
  id,
  icon: Icon,
  title,
  value,
  unit,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  value: string;
  unit: string;
  children?: ReactNode;
}) {
  return (
    <li className="min-w-0">
      <Card className="flex h-full flex-col gap-3 p-5" role="group" aria-labelledby={`platform-${id}`}>
        <h3 id={`platform-${id}`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
          {title}
        </h3>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold text-slate-900 tabular-nums">{value}</span>
          <span className="text-sm text-slate-700">{unit}</span>
        </p>
        {children}
      </Card>
    </li>
  );
}

/** Label–number pairs under a figure. */
export function Pairs({ rows, label }: { rows: { key: string; label: ReactNode; value: string }[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
      {rows.map((r) => (
        <div key={r.key} className="contents">
          <dt className="min-w-0 truncate text-slate-700">{r.label}</dt>
          <dd className="text-right font-medium text-slate-900 tabular-nums">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/dashboards` for platform staff (docs/product.md §6 "Dashboards"): accounts, users by role,
 * active people, accounts near their limits, failed jobs and storage as cards, then the activity per
 * day and per week as tables (a chart may come beside them; the tables stay).
 */
export function PlatformPanel({ d }: { d: PlatformDashboard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (value: number) => formatNumber(lang, value);
  const pct = (used: number, max: number) => (max > 0 ? `${n(Math.round((used / max) * 100))} %` : '—');
  return (
    <section aria-labelledby="platform-heading" className="mb-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="platform-heading" className={heading}>
          {t('dashboard.platform.title')}
        </h2>
        <p className="text-xs text-slate-600">
          {t('dashboard.platform.asOf', { time: formatDateTime(lang, d.as_of) })}
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Figure
          id="accounts"
          icon={Building2}
          title={t('dashboard.platform.accounts')}
          value={n(d.accounts.total)}
          unit={t('dashboard.platform.accountsUnit', { count: d.accounts.total })}
        >
          <p className="text-sm font-medium text-teal-800">
            {t('dashboard.platform.newAccounts', { count: d.accounts.new_30d })}
          </p>
          <Pairs
            label={t('dashboard.platform.byStatus')}
            rows={d.accounts.by_status.map((s) => ({
              key: s.status,
              label: t(`enums.accountStatus.${s.status}`, { defaultValue: s.status }),
              value: n(s.count),
            }))}
          />
        </Figure>
        <UsersFigure users={d.users} />
        <ActiveFigure activity={d.activity} />
        <Figure
          id="limits"
          icon={Gauge}
          title={t('dashboard.platform.limits')}
          value={n(d.limits.full)}
          unit={t('dashboard.platform.fullUnit', { count: d.limits.full })}
        >
          <p className="text-sm text-slate-700">{t('dashboard.platform.near', { count: d.limits.near })}</p>
          {d.limits.accounts.length > 0 && (
            <ul className="flex flex-col gap-2 text-sm" aria-label={t('dashboard.platform.fullest')}>
              {d.limits.accounts.map((a) => (
                <li key={a.id} className="min-w-0">
                  <Link
                    to={`/administration/accounts/${a.id}`}
                    className="block truncate font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
                  >
                    {a.name}
                  </Link>
                  <span className="text-slate-700">
                    {t('dashboard.platform.studentsOf', {
                      used: n(a.students),
                      max: n(a.max_students),
                      percent: pct(a.students, a.max_students),
                    })}
                    {' · '}
                    {t('dashboard.platform.adultsOf', {
                      used: n(a.adults),
                      max: n(a.max_adults),
                      percent: pct(a.adults, a.max_adults),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Figure>
        {d.jobs && (
          <Figure
            id="jobs"
            icon={AlertTriangle}
            title={t('dashboard.platform.jobs')}
            value={n(d.jobs.failed_7d)}
            unit={t('dashboard.platform.jobsUnit', { count: d.jobs.failed_7d })}
          >
            {d.jobs.by_name.length > 0 && (
              <Pairs
                label={t('dashboard.platform.byJob')}
                rows={d.jobs.by_name.map((j) => ({ key: j.name, label: <code>{j.name}</code>, value: n(j.count) }))}
              />
            )}
            {d.jobs.last_failed_at && (
              <p className="text-sm text-slate-700">
                {t('dashboard.platform.lastFailed', { time: formatDateTime(lang, d.jobs.last_failed_at) })}
              </p>
            )}
            <Link
              to="/administration/jobs"
              className="mt-auto text-sm font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {t('dashboard.platform.seeJobs')}
            </Link>
          </Figure>
        )}
        <StorageFigure storage={d.storage} />
      </ul>
      <ActivitySection activity={d.activity} />
    </section>
  );
}

/** Live users, by role. */
export function UsersFigure({ users }: { users: PlatformDashboard['users'] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(i18n.language, value);
  return (
    <Figure
      id="users"
      icon={Users}
      title={t('dashboard.platform.users')}
      value={n(users.total)}
      unit={t('dashboard.platform.usersUnit', { count: users.total })}
    >
      <Pairs
        label={t('dashboard.platform.byRole')}
        rows={users.by_role.map((r) => ({ key: r.role, label: t(`roles.${r.role}`), value: n(r.count) }))}
      />
    </Figure>
  );
}

/** Distinct people active over the last 7 and 30 days. */
export function ActiveFigure({ activity }: { activity: PlatformDashboard['activity'] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(i18n.language, value);
  return (
    <Figure
      id="active"
      icon={Activity}
      title={t('dashboard.platform.active')}
      value={n(activity.users_7d)}
      unit={t('dashboard.platform.activeUnit', { count: activity.users_7d })}
    >
      <Pairs
        label={t('dashboard.platform.active')}
        rows={[
          { key: 'users30', label: t('dashboard.platform.users30'), value: n(activity.users_30d) },
          { key: 'students7', label: t('dashboard.platform.students7'), value: n(activity.students_7d) },
          { key: 'students30', label: t('dashboard.platform.students30'), value: n(activity.students_30d) },
        ]}
      />
    </Figure>
  );
}

/** Stored bytes, by kind of file. */
export function StorageFigure({ storage }: { storage: PlatformDashboard['storage'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (value: number) => formatNumber(lang, value);
  return (
    <Figure
      id="storage"
      icon={HardDrive}
      title={t('dashboard.platform.storage')}
      value={formatBytes(lang, storage.bytes)}
      unit={t('dashboard.platform.filesUnit', { count: storage.files, files: n(storage.files) })}
    >
      <Pairs
        label={t('dashboard.platform.byKind')}
        rows={storage.by_kind.map((k) => ({
          key: k.kind,
          label: t(`dashboard.platform.kind.${k.kind}`, { defaultValue: k.kind }),
          value: formatBytes(lang, k.bytes),
        }))}
      />
    </Figure>
  );
}

/** The activity per day and per week as tables, and what "active" means. */
export function ActivitySection({ activity }: { activity: PlatformDashboard['activity'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ActivityTable
          id="days"
          caption={t('dashboard.platform.perDay')}
          first={t('dashboard.platform.day')}
          rows={activity.days.map((r) => ({ key: r.day, label: dayLabel(lang, r.day), ...r }))}
        />
        <ActivityTable
          id="weeks"
          caption={t('dashboard.platform.perWeek')}
          first={t('dashboard.platform.week')}
          rows={activity.weeks.map((r) => ({
            key: r.week,
            label: t('dashboard.platform.weekOf', { date: dayLabel(lang, r.week) }),
            ...r,
          }))}
        />
      </div>
      <p className="mt-3 text-xs text-pretty text-slate-600">{t('dashboard.platform.activeNote')}</p>
    </>
  );
}

/** Active users and students per day or week: a table with a caption, tall ones scrolled inside their card. */
function ActivityTable({
  id,
  caption,
  first,
  rows,
}: {
  id: string;
  caption: string;
  first: string;
  rows: { key: string; label: string; users: number; students: number }[];
}) {
  const { t, i18n } = useTranslation();
  return (
    // Focusable: a keyboard scrolls the table's region as a pointer does.
    <Card className="max-h-[28rem] overflow-auto p-0" role="region" aria-labelledby={`activity-${id}`} tabIndex={0}>
      <table className="w-full text-sm">
        <caption
          id={`activity-${id}`}
          className="px-3 pt-4 pb-2 text-left sm:px-4 text-base font-semibold text-slate-900"
        >
          {caption}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 sm:px-4 font-medium">
              {first}
            </th>
            <th scope="col" className="px-3 py-2 sm:px-4 text-right font-medium">
              {t('dashboard.platform.activeUsers')}
            </th>
            <th scope="col" className="px-3 py-2 sm:px-4 text-right font-medium">
              {t('dashboard.platform.activeStudents')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1.5 sm:px-4 text-left font-normal text-slate-800 sm:whitespace-nowrap">
                {r.label}
              </th>
              <td className="px-3 py-1.5 sm:px-4 text-right tabular-nums">{formatNumber(i18n.language, r.users)}</td>
              <td className="px-3 py-1.5 sm:px-4 text-right tabular-nums">{formatNumber(i18n.language, r.students)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
