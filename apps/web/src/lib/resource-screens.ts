import { CATALOG_RESOURCES, type CatalogName } from '@habla/shared/resources/catalogs';
import type { FieldDef, ResourceDef } from '@habla/shared/resources/define';

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
  view: string;
  fixed?: Record<string, string>;
};

const catalog = (path: string, name: CatalogName, titleKey: string, fixed?: Record<string, string>): ResourceScreen => ({
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

/** The screen that lists a resource first (where relation links point). */
export function screenOf(resourceName: string): ResourceScreen | undefined {
  return CATALOG_SCREENS.find((s) => s.resource.name === resourceName);
}

/**
 * Records of other resources that point at one of this resource through a filterable relation
 * (topic types → topics, topics → vocabulary…): what the full view lists as related records.
 */
export function relatedOf(resourceName: string): { screen: ResourceScreen; field: FieldDef }[] {
  const seen = new Set<string>();
  const out: { screen: ResourceScreen; field: FieldDef }[] = [];
  for (const screen of CATALOG_SCREENS) {
    if (seen.has(screen.resource.name) || screen.fixed) continue;
    seen.add(screen.resource.name);
    for (const field of screen.resource.fields) {
      if (field.kind === 'relation' && field.filterable && field.target === resourceName) out.push({ screen, field });
    }
  }
  return out;
}
