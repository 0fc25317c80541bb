import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SectionCards, type SectionCard } from '@/components/layout/section-cards';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { filterNavigation, NAVIGATION, type NavItem } from '@/lib/navigation';

/** Which menu group an overview route shows. */
const GROUP_BY_PATH: Record<string, string> = {
  '/administration': 'administration',
  '/analytics': 'analytics',
  '/assessments': 'assessments',
};

/** `/administration`, `/analytics`, `/assessments`: cards of the group's entries this user may open. */
export function SectionOverviewPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const groupId = GROUP_BY_PATH[pathname.replace(/\/$/, '')] ?? 'administration';
  const group = useMemo(() => filterNavigation(NAVIGATION, user).find((i) => i.id === groupId), [user, groupId]);
  const cards: SectionCard[] = (group?.children ?? [])
    .filter((c: NavItem) => c.to && c.to !== pathname)
    .map((c) => ({
      id: c.id,
      to: c.to ?? '/',
      label: t(c.label),
      description: c.description ? t(c.description) : undefined,
      icon: group?.icon,
    }));
  return (
    <>
      <PageHeader title={t(`nav.${groupId}`)} description={t(`sections.${groupId}`)} />
      <SectionCards cards={cards} />
    </>
  );
}
