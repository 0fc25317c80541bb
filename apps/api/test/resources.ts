import { CATALOG_NAMES } from '@habla/shared';
import type { ServerResource } from '../src/crud/resource';
import { assignmentsResource } from '../src/modules/assignments/resources';
import { catalogResource } from '../src/modules/catalogs/catalogs.routes';
import { chaptersResource, levelsResource } from '../src/modules/curriculum/resources';
import { activitiesResource, gamesResource } from '../src/modules/games/resources';
import { imageFoldersResource, imagesResource } from '../src/modules/images/resources';
import { gameSessionsResource } from '../src/modules/evaluation/resources';
import { TENANCY_SERVER } from '../src/modules/tenancy/resources';

/** Every resource the generic engine serves, for tests that walk them all. */
export const ENGINE_RESOURCES: ServerResource[] = [
  ...Object.values(TENANCY_SERVER),
  ...CATALOG_NAMES.map(catalogResource),
  levelsResource,
  chaptersResource,
  gamesResource,
  activitiesResource,
  imagesResource,
  imageFoldersResource,
];

/** The read-only lists the engine serves from views (decision 025): no trash, no writes. */
export const READ_ONLY_RESOURCES: ServerResource[] = [assignmentsResource, gameSessionsResource];
