import type { CatalogName } from '../resources/catalogs';
import type { CurriculumName } from '../resources/curriculum';
import type { GameResourceName } from '../resources/games';
import type { ImageResourceName } from '../resources/images';
import type { AssessmentResourceName } from '../resources/assessments';
import type { PlayResourceName } from '../resources/play';
import type { RecordingResourceName } from '../resources/recordings';
import type { TenancyName } from '../resources/tenancy';
import { accountsPolicy } from './accounts';
import { billingsPolicy } from './billings';
import { CATALOG_POLICIES } from './catalogs';
import { clientsPolicy } from './clients';
import { chaptersPolicy, levelsPolicy } from './curriculum';
import { activitiesPolicy, gamesPolicy } from './games';
import { imageFoldersPolicy, imagesPolicy } from './images';
import { organizationsPolicy } from './organizations';
import { plansPolicy } from './plans';
import { assignmentsPolicy, gameSessionsPolicy } from './play';
import { recordingsPolicy } from './recordings';
import { assessmentsPolicy } from './assessments';
import type { Policy } from './policy';
import { usersPolicy } from './users';
import { workspacesPolicy } from './workspaces';

export * from './policy';
export { ACCOUNT_READERS, accountsPolicy } from './accounts';
export { analyticsActions, ANALYTICS_READERS } from './analytics';
export { AUDIT_LOG_READ_RULE } from './audit-log';
export { billingsPolicy } from './billings';
export { CATALOG_POLICIES } from './catalogs';
export { clientActions, clientsPolicy } from './clients';
export { FILE_UPLOAD_RULE, fileScope, filesPolicy, type FileScope } from './files';
export { chaptersPolicy, levelsPolicy } from './curriculum';
export {
  activitiesPolicy,
  contentScope,
  GAME_READERS,
  GAME_WRITERS,
  gamesPolicy,
  mayAuthor,
  playActions,
} from './games';
export { galleryScope, imageFoldersPolicy, imagesPolicy, seesGalleryRow } from './images';
export { jobsPolicy } from './jobs';
export { organizationsPolicy } from './organizations';
export { plansPolicy } from './plans';
export { accountDashboardActions, platformDashboardActions } from './platform-dashboard';
export { assignmentsPolicy, gameSessionsPolicy } from './play';
export { MAA_READ, recordingsPolicy } from './recordings';
export { assessmentsPolicy } from './assessments';
export { rolePermissionsPolicy } from './role-permissions';
export {
  appConfigurationPolicy,
  defineSingletonPolicy,
  SINGLETON_POLICIES,
  type SingletonAction,
  type SingletonPolicy,
} from './singletons';
export { userActions, usersPolicy } from './users';
export { workspaceActions, workspacesPolicy } from './workspaces';

export const TENANCY_POLICIES: Record<TenancyName, Policy> = {
  accounts: accountsPolicy,
  plans: plansPolicy,
  organizations: organizationsPolicy,
  billings: billingsPolicy,
  users: usersPolicy,
  clients: clientsPolicy,
  workspaces: workspacesPolicy,
};

/** Every resource's policy, by resource name (the registry key the engines use). */
export const POLICIES: Record<
  | CatalogName
  | TenancyName
  | CurriculumName
  | GameResourceName
  | ImageResourceName
  | RecordingResourceName
  | AssessmentResourceName
  | PlayResourceName,
  Policy
> = {
  ...CATALOG_POLICIES,
  ...TENANCY_POLICIES,
  levels: levelsPolicy,
  chapters: chaptersPolicy,
  games: gamesPolicy,
  activities: activitiesPolicy,
  images: imagesPolicy,
  'image-folders': imageFoldersPolicy,
  recordings: recordingsPolicy,
  assessments: assessmentsPolicy,
  assignments: assignmentsPolicy,
  'game-sessions': gameSessionsPolicy,
};

/** Policies of resources declared outside the shared registry (the engine's own tests). */
const registered = new Map<string, Policy>();

/**
 * Give a resource that is not in the shared registry its policy (an engine test's own resource on a
 * table the test creates). A name the registry already has is refused: it would change a real rule.
 */
export function registerPolicy(resource: string, policy: Policy): void {
  if (resource in POLICIES || registered.has(resource)) throw new Error(`resource "${resource}" already has a policy`);
  registered.set(resource, policy);
}

/** The policy of a resource; a resource without one is a programming error, caught at start-up. */
export function policyOf(resource: string): Policy {
  const policy = (POLICIES as Record<string, Policy>)[resource] ?? registered.get(resource);
  if (!policy) throw new Error(`no policy for resource "${resource}": add one under packages/shared/src/policies`);
  return policy;
}
