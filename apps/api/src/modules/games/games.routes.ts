import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { childOrderRoutes } from '../../crud/children';
import { resourceRoutes } from '../../crud/routes';
import { activitiesResource, activityOrder, gamesResource } from './resources';

/**
 * `/api/games` (filters `chapter_id`, `type`, `game_status`, `share_status`; the life-cycle actions),
 * `/api/activities` (filter `game_id`; duplicate) and `PUT /api/games/:id/activities/order`
 * (docs/product.md §9).
 */
export const gameRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(gamesResource), { prefix: '/games' });
  await app.register(childOrderRoutes(activityOrder), { prefix: '/games' });
  await app.register(resourceRoutes(activitiesResource), { prefix: '/activities' });
};
