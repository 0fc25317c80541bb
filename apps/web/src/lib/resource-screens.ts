import { PERMISSIONS as P } from '@habla/shared/permissions';
import { billingsPolicy, organizationsPolicy, ruleExpression } from '@habla/shared/policies/index';
import { ASSESSMENT_RESOURCES } from '@habla/shared/resources/assessments';
import { CATALOG_RESOURCES, type CatalogName } from '@habla/shared/resources/catalogs';
import { CURRICULUM_RESOURCES, type CurriculumName } from '@habla/shared/resources/curriculum';
import type { FieldDef, ResourceDef } from '@habla/shared/resources/define';
import { GAME_RESOURCES } from '@habla/shared/resources/games';
import { RECORDING_RESOURCES } from '@habla/shared/resources/recordings';
import { TENANCY_RESOURCES, type TenancyName } from '@habla/shared/resources/tenancy';
import { grantableRoles } from '@habla/shared/roles';
import { isPipelineRunning, LIST_POLL_MS } from './recording-status';

/**
 * One screen set (list, add, edit, show, full view, full edit) over a resource: the seed's path, the
 * resource it shows, an optional fixed filter (Regular / Irregular verbs), its title key and the
 * view name its saved column layout is stored under.
 */
export type ResourceScreen = {
  path: string;
  base: string;
  resource: ResourceDef;
  apiPath: string;
  titleKey: string;
  /** A line under the list's title saying what the list is for (a translation key). */
  leadKey?: string;
  view: string;
  fixed?: Record<string, string>;
  /** Seed §6 route gating: the permission the add, edit and show screens need (and the list with `gateList`). */
  gate?: string;
  gateList?: boolean;
  /** The seed path ends in "/*". */
  wildcard?: boolean;
  /** A read-only resource's rows open on the feature's own page at `base/:id` (none: in the quick view only). */
  ownShow?: true;
  /** The create screen under `base` when a feature draws its own (`new`); the generic form's `add` otherwise. */
  createPath?: string;
  /**
   * How often (ms) the list asks again while the rows on screen are still changing on the server
   * (recordings being processed), or false to stop; asked after every answer.
   */
  poll?: (rows: readonly Record<string, unknown>[]) => number | false;
  /** Choices of an enumeration offered to a caller (the server refuses the others anyway). */
  options?: Record<
    string,
    (user: { account_id: string | null; role: string; permissions?: readonly string[] } | null) => readonly string[]
  >;
};

const catalog = (
  path: string,
  name: CatalogName,
  titleKey: string,
  fixed?: Record<string, string>,
): ResourceScreen => ({
  path,
  base: `/catalogs/${path}`,
  resource: CATALOG_RESOURCES[name],
  apiPath: `/api/catalogs/${name}`,
  titleKey,
  view: path,
  ...(fixed ? { fixed } : {}),
});

/** Every catalog route of seed §2 and the resource behind it (aliases share a resource). */
export const CATALOG_SCREENS: ResourceScreen[] = [
  catalog('dictionary', 'dictionary', 'crumbs.dictionary'),
  catalog('verbs', 'verbs', 'crumbs.verbs'),
  catalog('verbRegular', 'verbs', 'crumbs.verbRegular', { type: 'regular' }),
  catalog('verbIrregular', 'verbs', 'crumbs.verbIrregular', { type: 'irregular' }),
  catalog('verbTenses', 'verb-tenses', 'crumbs.verbTenses'),
  catalog('topics', 'topics', 'crumbs.topics'),
  catalog('topic', 'topics', 'crumbs.topic'),
  catalog('topicType', 'topic-types', 'crumbs.topicType'),
  catalog('grammaticals', 'grammatical-categories', 'crumbs.grammaticals'),
  catalog('grammaticalCategories', 'grammatical-categories', 'crumbs.grammaticalCategories'),
  catalog('grammaticalTypes', 'grammatical-types', 'crumbs.grammaticalTypes'),
  catalog('grammaticalItems', 'grammatical-items', 'crumbs.grammaticalItems'),
  catalog('formulations', 'formulations', 'crumbs.formulations'),
  catalog('vocabulary', 'vocabulary', 'crumbs.vocabulary'),
  catalog('skills', 'skills', 'crumbs.skills'),
  catalog('skill', 'skills', 'crumbs.skill'),
  catalog('target', 'targets', 'crumbs.target'),
];

const tenancy = (
  base: string,
  name: TenancyName,
  titleKey: string,
  extra: Partial<ResourceScreen> = {},
): ResourceScreen => ({
  path: base.split('/').pop()!,
  base,
  resource: TENANCY_RESOURCES[name],
  apiPath: `/api/${name}`,
  titleKey,
  view: base.split('/').pop()!,
  ...extra,
});

/** Administration screens (seed §2 routes; Plans, Organizations and Billings get /administration/<name>). */
export const ADMIN_SCREENS: ResourceScreen[] = [
  tenancy('/administration/accounts', 'accounts', 'crumbs.accounts', { gate: P.ADMIN_USERS }),
  tenancy('/administration/userProfiles', 'users', 'crumbs.users', {
    gate: P.ADMIN_USERS,
    gateList: true,
    options: { role: grantableRoles },
  }),
  tenancy('/administration/workspaces', 'workspaces', 'crumbs.workspaces', {
    gate: P.ADMIN_WORKSPACES,
    gateList: true,
    wildcard: true,
  }),
  tenancy('/administration/plans', 'plans', 'crumbs.plans', { gate: P.FULL, gateList: true }),
  // Not named by seed §6: gated by their policies' list rule, like their menu entries.
  tenancy('/administration/organizations', 'organizations', 'crumbs.organizations', {
    gate: ruleExpression(organizationsPolicy.rules.list),
    gateList: true,
  }),
  tenancy('/administration/billings', 'billings', 'crumbs.billings', {
    gate: ruleExpression(billingsPolicy.rules.list),
    gateList: true,
  }),
];

/** Clients (gated like the seed: add, edit and show need PERMISSION_ADMIN_USERS) and Students (open to all who reach
 * them). */
export const PEOPLE_SCREENS: ResourceScreen[] = [
  tenancy('/students', 'clients', 'crumbs.students'),
  tenancy('/clients', 'clients', 'crumbs.clients', { gate: P.ADMIN_USERS }),
];

/** Students are records of `clients`: the screen whose list a student picker asks. */
export const STUDENTS_SCREEN: ResourceScreen = PEOPLE_SCREENS[0]!;

const curriculum = (name: CurriculumName, titleKey: string): ResourceScreen => ({
  path: name,
  base: `/${name}`,
  resource: CURRICULUM_RESOURCES[name],
  apiPath: `/api/${name}`,
  titleKey,
  view: name,
  wildcard: true,
});

/** Levels and chapters: shared curriculum, open to all who reach them (the buttons follow the policies). */
export const CURRICULUM_SCREENS: ResourceScreen[] = [
  curriculum('levels', 'crumbs.level'),
  curriculum('chapters', 'crumbs.chapter'),
];

/** Games and their activities: the generic screens; a game's activities are built in the game builder. */
export const GAME_SCREENS: ResourceScreen[] = (['games', 'activities'] as const).map((name) => ({
  path: name,
  base: `/${name}`,
  resource: GAME_RESOURCES[name],
  apiPath: `/api/${name}`,
  titleKey: name === 'games' ? 'crumbs.game' : 'crumbs.activity',
  view: name,
  wildcard: true,
}));

/**
 * Recorded sessions under Assessments: the generic list (its status, duration and failure
 * cells drawn by the recordings feature) following the rows the server is still processing; the
 * recordings feature draws the upload (`new`) and the recording page (`:id`).
 */
export const RECORDING_SCREEN: ResourceScreen = {
  path: 'recordings',
  base: '/assessments/recordings',
  resource: RECORDING_RESOURCES.recordings,
  apiPath: '/api/recordings',
  titleKey: 'crumbs.recordings',
  view: 'recordings',
  createPath: 'new',
  poll: (rows) => (rows.some(isPipelineRunning) ? LIST_POLL_MS : false),
};

/**
 * Language-sample assessments under Assessments: the generic list (its status and MLU-m
 * cells drawn by the assessments feature); the feature draws the new assessment (`new`, from a
 * recording or a transcript) and the assessment page (`:id`).
 */
export const ASSESSMENT_SCREEN: ResourceScreen = {
  path: 'list',
  base: '/assessments/list',
  resource: ASSESSMENT_RESOURCES.assessments,
  apiPath: '/api/assessments',
  titleKey: 'crumbs.assessmentsList',
  view: 'assessments',
  createPath: 'new',
};

const ALL_SCREENS = [...CATALOG_SCREENS, ...ADMIN_SCREENS, ...PEOPLE_SCREENS, ...CURRICULUM_SCREENS, ...GAME_SCREENS];

/** The screen that lists a resource first (where relation links point). */
export function screenOf(resourceName: string): ResourceScreen | undefined {
  return ALL_SCREENS.find((s) => s.resource.name === resourceName);
}

/**
 * Records of other resources that point at one of this resource through a filterable relation
 * (topic types → topics, topics → vocabulary…): what the full view lists as related records.
 */
export function relatedOf(resourceName: string): { screen: ResourceScreen; field: FieldDef }[] {
  const seen = new Set<string>();
  const out: { screen: ResourceScreen; field: FieldDef }[] = [];
  for (const screen of ALL_SCREENS) {
    if (seen.has(screen.resource.name) || screen.fixed) continue;
    seen.add(screen.resource.name);
    for (const field of screen.resource.fields) {
      if (field.kind === 'relation' && field.filterable && field.target === resourceName) out.push({ screen, field });
    }
  }
  return out;
}

/** Screens of resources declared as ordered children of this one (a level's chapters). */
export function childrenOf(resourceName: string): ResourceScreen[] {
  return ALL_SCREENS.filter((s) => s.resource.parent?.resource === resourceName && !s.fixed);
}
