import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { childOrderRoutes } from '../../crud/children';
import { resourceRoutes } from '../../crud/routes';
import { chapterOrder, chaptersResource, levelsResource } from './resources';

/** `/api/levels`, `/api/chapters` (filter `level_id`) and `PUT /api/levels/:id/chapters/order` (docs/product.md §9). */
export const curriculumRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(levelsResource), { prefix: '/levels' });
  await app.register(childOrderRoutes(chapterOrder), { prefix: '/levels' });
  await app.register(resourceRoutes(chaptersResource), { prefix: '/chapters' });
};
