import { CATALOG_NAMES, CATALOG_RESOURCES, type CatalogName } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../crud/routes';
import type { ManyLink, OneLink, ServerResource } from '../../crud/resource';
import { catalogTableName } from '../../db/schema/catalogs';

/** Join tables of the many-to-many catalog fields. */
const MANY: Record<string, Record<string, Omit<ManyLink, 'targetTable' | 'targetTitle'>>> = {
  skills: { target_ids: { joinTable: 'skill_targets', ownKey: 'skill_id', otherKey: 'target_id' } },
  targets: { skill_ids: { joinTable: 'skill_targets', ownKey: 'target_id', otherKey: 'skill_id' } },
};

/** The server resource of a catalog: shared reference data, no tenancy scope. */
export function catalogResource(name: CatalogName): ServerResource {
  const def = CATALOG_RESOURCES[name];
  const relations: Record<string, OneLink> = {};
  const many: Record<string, ManyLink> = {};
  for (const f of def.fields) {
    const target = f.kind === 'relation' || f.kind === 'relationMany' ? (f.target as CatalogName) : undefined;
    if (!target) continue;
    const link = { targetTable: catalogTableName(target), targetTitle: CATALOG_RESOURCES[target].titleField };
    if (f.kind === 'relation') relations[f.name] = link;
    else {
      const m = MANY[name]?.[f.name];
      if (m) many[f.name] = { ...m, ...link };
    }
  }
  return { def, table: catalogTableName(name), entity: `catalog.${name}`, relations, many };
}

/** `/api/catalogs/<name>`: the generic engine's endpoints for each of the 12 catalogs. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const name of CATALOG_NAMES) await app.register(resourceRoutes(catalogResource(name)), { prefix: `/${name}` });
};
