import { clientsPolicy } from '@habla/shared';
import type { UsersAnalytics } from '@habla/shared/schemas/user-analytics';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@/components/resource/resource-api';
import { api } from '@/lib/api';
import { useAuthStore } from '@/lib/auth-store';
import { FilterSelect } from './figures-kit';

/** The filters that narrow an analytics screen's students (docs/product.md §7), kept in the address. */
export const NARROWING = ['account_id', 'therapist_id'] as const;
type Narrowing = (typeof NARROWING)[number];

/** Options listed at most: a select of more no longer reads (the API takes every id in scope). */
const LISTED = 100;

type Field = { name: string; value: string; onChange: (e: { target: { value: string } }) => void };

/**
 * The account (platform staff) and therapist (whoever reads a whole account: its admin, platform
 * staff) a screen's figures may be narrowed to. A therapist, a parent or a student reads their own
 * students already and sees neither. The server narrows within the caller's scope whatever is sent.
 */
export function NarrowingFilters({ input }: { input: (name: Narrowing) => Field }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const scope = user ? clientsPolicy.scope(user).kind : 'none';
  const staff = scope === 'all' || scope === 'shared';
  const wide = staff || scope === 'account';
  const accounts = useQuery({
    queryKey: ['analytics', 'narrowing', 'accounts'],
    queryFn: ({ signal }) =>
      api.get<Page>('/api/accounts', {
        query: { page: 0, max: LISTED, col: 'name', order: 'asc' },
        signal,
        silentSuccess: true,
      }),
    enabled: staff,
  });
  const therapists = useQuery({
    queryKey: ['analytics', 'narrowing', 'therapists'],
    queryFn: ({ signal }) =>
      api.get<{ data: UsersAnalytics }>('/api/analytics/users', {
        query: { role: 'THERAPIST', page: 0, max: LISTED },
        signal,
        silentSuccess: true,
      }),
    enabled: wide,
  });
  if (!wide) return null;
  return (
    <>
      {staff && (
        <FilterSelect
          label={t('analytics.filter.account')}
          {...input('account_id')}
          options={[
            { value: '', label: t('analytics.filter.anyAccount') },
            ...(accounts.data?.data ?? []).map((a) => ({ value: a.id, label: String(a.name ?? a.id) })),
          ]}
        />
      )}
      <FilterSelect
        label={t('analytics.filter.therapist')}
        {...input('therapist_id')}
        options={[
          { value: '', label: t('analytics.filter.anyTherapist') },
          ...(therapists.data?.data.users ?? []).map((u) => ({ value: u.id, label: u.full_name ?? '' })),
        ]}
      />
    </>
  );
}
