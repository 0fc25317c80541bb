import { accountDashboardActions, platformDashboardActions } from '@habla/shared/policies/platform-dashboard';
import type { AccountDashboard, PlatformDashboard } from '@habla/shared/schemas/platform-dashboard';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCards, type SectionCard } from '@/components/layout/section-cards';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { AccountPanel, useAccountDashboard } from './account-panel';
import { BoardPlaceholder, PlayPanel, useBoard } from './play-panel';
import { PlatformPanel, usePlatformDashboard } from './platform-panel';
import { FALLBACK_ICONS, filterNavigation, NAVIGATION } from '@/lib/navigation';

const headingClasses = 'mb-4 text-sm font-semibold tracking-wide text-slate-600 uppercase';

/**
 * `/dashboards`: welcome, role, the person's board, the platform's figures for platform staff or the
 * account's for its admins (the shared rules the API checks too), and a card for every section this
 * user may open (same menu config).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const cards = useMemo<SectionCard[]>(() => {
    const visible = filterNavigation(NAVIGATION, user).filter((item) => item.id !== 'dashboard');
    return visible.map((item) => {
      const first = item.children?.[0];
      return {
        id: item.id,
        to: item.to ?? first?.to ?? '/dashboards',
        label: t(item.label),
        description: item.description ? t(item.description) : undefined,
        icon: item.icon ?? FALLBACK_ICONS[item.id],
        links: item.children?.map((c) => ({ id: c.id, to: c.to ?? '/dashboards', label: t(c.label) })),
      };
    });
  }, [t, user]);

  const leaves = cards.filter((c) => !c.links);
  const groups = cards.filter((c) => c.links);
  const name = user?.first_name || user?.username || '';
  const board = useBoard();
  // The board and the section cards are most of the page: drawn from the deferred answer, React
  // renders them as a transition, in slices that leave the main thread free in between.
  const data = useDeferredValue(board.data);
  const staff = platformDashboardActions.read(user);
  const platform = usePlatformDashboard(staff);
  const figures = useDeferredValue(platform.data);
  const admin = accountDashboardActions.read(user);
  const account = useAccountDashboard(admin);
  const own = useDeferredValue(account.data);
  const waiting =
    board.isPending ||
    (board.data !== undefined && data === undefined) ||
    (staff && (platform.isPending || (platform.data !== undefined && figures === undefined))) ||
    (admin && (account.isPending || (account.data !== undefined && own === undefined)));
  return (
    <>
      <PageHeader
        eyebrow={user ? t('dashboard.roleLine', { role: t(`roles.${user.role}`) }) : undefined}
        title={t('dashboard.welcome', { name })}
        description={t('dashboard.intro')}
      />
      {waiting ? (
        <BoardPlaceholder />
      ) : (
        <Sections board={data} platform={figures} account={own} leaves={leaves} groups={groups} />
      )}
    </>
  );
}

/**
 * The board (when there is one), the platform's or the account's figures, then a card for every
 * section and area this person opens.
 */
function Sections({
  board,
  platform,
  account,
  leaves,
  groups,
}: {
  board: Parameters<typeof PlayPanel>[0]['d'];
  platform: PlatformDashboard | undefined;
  account: AccountDashboard | undefined;
  leaves: SectionCard[];
  groups: SectionCard[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <PlayPanel d={board} />
      {platform && <PlatformPanel d={platform} />}
      {account && <AccountPanel d={account} />}
      <section aria-labelledby="dashboard-sections">
        <h2 id="dashboard-sections" className={headingClasses}>
          {t('dashboard.sectionsTitle')}
        </h2>
        {leaves.length > 0 ? (
          <SectionCards cards={leaves} headingLevel={3} />
        ) : (
          groups.length === 0 && <Card className="p-6 text-sm text-slate-700">{t('dashboard.empty')}</Card>
        )}
      </section>
      {groups.length > 0 && (
        <section aria-labelledby="dashboard-areas" className="mt-10">
          <h2 id="dashboard-areas" className={headingClasses}>
            {t('dashboard.areasTitle')}
          </h2>
          <SectionCards cards={groups} headingLevel={3} wide />
        </section>
      )}
    </>
  );
}
