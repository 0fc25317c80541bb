import { PERMISSIONS as P, type Permission } from '../permissions';
import type { CatalogName } from '../resources/catalogs';
import { definePolicy, type Policy } from './policy';

/**
 * The 12 reference catalogs: every signed-in user reads them (pickers, the player); those who
 * maintain a catalog (PERMISSION_ADMIN_CATALOGS or its sub-permission) change and export it.
 */
const MAINTAINER: Record<CatalogName, Permission> = {
  dictionary: P.ADMIN_CATALOGS_VOCABULARY,
  verbs: P.ADMIN_CATALOGS_VERBS,
  'topic-types': P.ADMIN_CATALOGS_TYPES,
  topics: P.ADMIN_CATALOGS_VOCABULARY,
  'grammatical-categories': P.ADMIN_CATALOGS_CATEGORIES,
  'grammatical-types': P.ADMIN_CATALOGS_TYPES,
  'grammatical-items': P.ADMIN_CATALOGS_VOCABULARY,
  'verb-tenses': P.ADMIN_CATALOGS_VERBS,
  formulations: P.ADMIN_CATALOGS_FORMULATIONS,
  vocabulary: P.ADMIN_CATALOGS_VOCABULARY,
  skills: P.ADMIN_CATALOGS,
  targets: P.ADMIN_CATALOGS,
};

function catalogPolicy(name: CatalogName): Policy {
  const maintainers = [...new Set([P.ADMIN_CATALOGS, MAINTAINER[name]])];
  return definePolicy({
    resource: name,
    rules: {
      list: 'signedIn',
      read: 'signedIn',
      export: maintainers,
      create: maintainers,
      update: maintainers,
      delete: maintainers,
      restore: maintainers,
    },
    scope: () => ({ kind: 'shared' }),
  });
}

export const CATALOG_POLICIES = Object.fromEntries(
  (Object.keys(MAINTAINER) as CatalogName[]).map((n) => [n, catalogPolicy(n)]),
) as Record<CatalogName, Policy>;
