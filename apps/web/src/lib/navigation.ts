import { hasPermission, PERMISSIONS, type PermissionHolder } from '@habla/shared/permissions';
import { assessmentsPolicy, jobsPolicy, recordingsPolicy, type Actor } from '@habla/shared/policies/index';
import {
  Activity,
  BarChart3,
  BookOpen,
  Building2,
  ClipboardCheck,
  FileBarChart,
  Gamepad2,
  LayoutDashboard,
  Layers,
  type LucideIcon,
  Play,
  Settings,
  ShieldCheck,
  Users,
  UserRound,
} from 'lucide-react';
import { PERMISSION_GATES } from './permission-gates';

/**
 * One menu entry: a link (`to`) or a group (`children`). `permission` uses the shared pipe syntax
 * ("A|B" = any of them) and is checked with the same `hasPermission` as the server. Entries whose
 * screens later issues build point at their placeholder routes.
 */
export type NavItem = {
  id: string;
  /** Translation key of the label. */
  label: string;
  /** Translation key of a one-line description (dashboard and overview cards). */
  description?: string;
  to?: string;
  icon?: LucideIcon;
  permission?: string;
  /** A rule beyond permissions, from the entity's shared policy (the API asks the same function). */
  allow?: (user: Actor) => boolean;
  children?: NavItem[];
};

const G = PERMISSION_GATES;

export const NAVIGATION: NavItem[] = [
  { id: 'dashboard', label: 'nav.dashboard', to: '/dashboards', icon: LayoutDashboard },
  {
    id: 'analytics',
    label: 'nav.analytics',
    description: 'sections.analytics',
    icon: BarChart3,
    permission: G.analytics,
    children: [
      { id: 'gamesAnalytics', label: 'nav.gamesAnalytics', to: '/analytics/games' },
      { id: 'activitiesAnalytics', label: 'nav.activitiesAnalytics', to: '/analytics/activities' },
      { id: 'studentsAnalytics', label: 'nav.studentsAnalytics', to: '/analytics/students' },
      { id: 'usersAnalytics', label: 'nav.usersAnalytics', to: '/analytics/users' },
      { id: 'reportAnalytics', label: 'nav.reportAnalytics', to: '/analytics/reports' },
    ],
  },
  {
    id: 'player',
    label: 'nav.player',
    description: 'sections.player',
    to: '/players',
    icon: Play,
    permission: G.player,
  },
  {
    id: 'students',
    label: 'nav.students',
    description: 'sections.students',
    to: '/students',
    icon: UserRound,
    permission: G.students,
  },
  {
    id: 'clients',
    label: 'nav.clients',
    description: 'sections.clients',
    to: '/clients',
    icon: Users,
    permission: G.clients,
  },
  {
    id: 'contents',
    label: 'nav.contents',
    description: 'sections.contents',
    icon: Layers,
    children: [
      { id: 'levels', label: 'nav.levels', to: '/levels', permission: G.levels },
      { id: 'chapters', label: 'nav.chapters', to: '/chapters', permission: G.chapters },
      { id: 'games', label: 'nav.games', to: '/games', permission: G.games },
      { id: 'assignedGames', label: 'nav.assignedGames', to: '/games/assigned', permission: G.games },
      { id: 'gameSessions', label: 'nav.gameSessions', to: '/games/sessions', permission: G.evaluation },
      { id: 'activities', label: 'nav.activities', to: '/activities', permission: G.activities },
      { id: 'imagesGallery', label: 'nav.imagesGallery', to: '/imagesGallery', permission: G.gallery },
    ],
  },
  {
    id: 'catalogs',
    label: 'nav.catalogs',
    description: 'sections.catalogs',
    icon: BookOpen,
    permission: G.catalogs,
    children: [
      { id: 'referenceCatalogs', label: 'nav.referenceCatalogs', to: '/catalogs' },
      { id: 'dictionary', label: 'nav.dictionary', to: '/catalogs/dictionary' },
      { id: 'verbs', label: 'nav.verbs', to: '/catalogs/verbs' },
      { id: 'verbTenses', label: 'nav.verbTenses', to: '/catalogs/verbTenses' },
      { id: 'topics', label: 'nav.topics', to: '/catalogs/topics' },
      { id: 'grammaticals', label: 'nav.grammaticals', to: '/catalogs/grammaticals' },
      { id: 'formulations', label: 'nav.formulations', to: '/catalogs/formulations' },
      { id: 'vocabulary', label: 'nav.vocabulary', to: '/catalogs/vocabulary' },
      {
        id: 'localVocabulary',
        label: 'nav.localVocabulary',
        to: '/catalogs/localVocabulary',
        permission: G.localVocabulary,
      },
      { id: 'skills', label: 'nav.skills', to: '/catalogs/skills' },
    ],
  },
  {
    id: 'assessments',
    label: 'nav.assessments',
    description: 'sections.assessments',
    icon: ClipboardCheck,
    permission: G.assessments,
    // `/assessments` shows the cards of these entries (the section's overview).
    children: [
      {
        id: 'recordings',
        label: 'nav.recordings',
        description: 'sections.recordings',
        to: '/assessments/recordings',
        allow: (user) => recordingsPolicy.can(user, 'list'),
      },
      {
        id: 'assessments-list',
        label: 'nav.assessmentsList',
        description: 'sections.assessmentsList',
        to: '/assessments/list',
        allow: (user) => assessmentsPolicy.can(user, 'list'),
      },
    ],
  },
  {
    id: 'reports',
    label: 'nav.reports',
    description: 'sections.reports',
    to: '/reports',
    icon: FileBarChart,
    permission: G.adminWorkspaces,
  },
  {
    id: 'administration',
    label: 'nav.administration',
    description: 'sections.administration',
    icon: ShieldCheck,
    children: [
      {
        id: 'administrationOverview',
        label: 'nav.administrationOverview',
        to: '/administration',
        permission: G.adminUsers,
      },
      {
        id: 'users',
        label: 'nav.users',
        description: 'sections.users',
        to: '/administration/userProfiles',
        permission: G.adminUsers,
      },
      {
        id: 'workspaces',
        label: 'nav.workspaces',
        description: 'sections.workspaces',
        to: '/administration/workspaces',
        permission: G.adminWorkspaces,
      },
      {
        id: 'accounts',
        label: 'nav.accounts',
        description: 'sections.accounts',
        to: '/administration/accounts',
        permission: G.accounts,
      },
      {
        id: 'plans',
        label: 'nav.plans',
        description: 'sections.plans',
        to: '/administration/plans',
        permission: G.platformOwner,
      },
      {
        id: 'organizations',
        label: 'nav.organizations',
        description: 'sections.organizations',
        to: '/administration/organizations',
        permission: G.organizations,
      },
      {
        id: 'billings',
        label: 'nav.billings',
        description: 'sections.billings',
        to: '/administration/billings',
        permission: G.billings,
      },
      {
        id: 'rolePermissions',
        label: 'nav.rolePermissions',
        description: 'sections.rolePermissions',
        to: '/administration/rolePermissions',
        permission: G.adminWorkspaces,
      },
      {
        id: 'appConfiguration',
        label: 'nav.appConfiguration',
        description: 'sections.appConfiguration',
        to: '/administration/appConfiguration',
        permission: G.platformOwner,
      },
      {
        id: 'notifications',
        label: 'nav.notifications',
        description: 'sections.notifications',
        to: '/administration/notifications',
        permission: G.adminUsers,
      },
      {
        id: 'comments',
        label: 'nav.comments',
        description: 'sections.comments',
        to: '/administration/comments',
        permission: G.adminUsers,
      },
      {
        id: 'generalProfile',
        label: 'nav.generalProfile',
        description: 'sections.generalProfile',
        to: '/administration/generalProfile',
        permission: G.adminWorkspaces,
      },
      {
        id: 'auditLog',
        label: 'nav.auditLog',
        description: 'sections.auditLog',
        to: '/administration/auditLog',
        permission: G.auditLog,
      },
      {
        id: 'jobs',
        label: 'jobs.nav',
        description: 'jobs.description',
        to: '/administration/jobs',
        permission: PERMISSIONS.ADMIN_ACCOUNTS,
        allow: (user) => jobsPolicy.can(user, 'list'),
      },
      {
        id: 'adminReports',
        label: 'nav.adminReports',
        description: 'sections.adminReports',
        to: '/administration/reports',
        permission: G.adminWorkspaces,
      },
    ],
  },
  { id: 'setting', label: 'nav.setting', description: 'sections.setting', to: '/settings', icon: Settings },
];

/** Icons for the dashboard cards of entries without their own. */
export const FALLBACK_ICONS: Record<string, LucideIcon> = {
  games: Gamepad2,
  activities: Activity,
  accounts: Building2,
};

/**
 * The entries this user may see: an entry passes when it has no permission or `hasPermission`
 * allows it; a group stays only when at least one child stays.
 */
export function filterNavigation(items: readonly NavItem[], user: PermissionHolder): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (item.permission && !hasPermission(user, item.permission)) continue;
    if (item.allow && !(user && 'id' in user && item.allow(user as Actor))) continue;
    if (item.children) {
      const children = filterNavigation(item.children, user);
      if (children.length > 0) out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** Find an entry by id anywhere in the tree. */
export function findNavItem(items: readonly NavItem[], id: string): NavItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const found = item.children && findNavItem(item.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The group whose child link is the best (longest prefix) match for a path, if any. */
export function activeGroupFor(items: readonly NavItem[], pathname: string): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const item of items) {
    for (const child of item.children ?? []) {
      if (child.to && isActivePath(child.to, pathname) && (!best || child.to.length > best.length)) {
        best = { id: item.id, length: child.to.length };
      }
    }
  }
  return best?.id;
}

/** A link is active on its own path and below it. */
export function isActivePath(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
