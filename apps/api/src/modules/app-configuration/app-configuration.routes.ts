import { APP_CONFIGURATION, appConfigurationPolicy, type AppModule } from '@habla/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSingletonRow, singletonRoutes, type ServerSingleton } from '../../crud/singleton';
import type { ServiceContext } from '../../lib/context';

/** The app configuration on the generic singleton engine: table `app_configuration`, one row per module. */
export const APP_CONFIGURATION_SERVER: ServerSingleton = {
  def: APP_CONFIGURATION,
  table: 'app_configuration',
  entity: 'app_configuration',
  policy: appConfigurationPolicy,
};

export type AppConfiguration = {
  module: AppModule;
  min_rate: number;
  game_expiration: number;
  point_first_try: number;
  point_second_try: number;
  point_third_try: number;
  page_count: number;
  max_workspace: number;
  show_progress_bar: boolean;
  show_failed_attemps: boolean;
};

/** The stored configuration of one module, for services that need it (scoring, limits). */
export async function getAppConfiguration(
  ctx: Pick<ServiceContext, 'db'>,
  module: AppModule,
): Promise<AppConfiguration> {
  return (await getSingletonRow(ctx, APP_CONFIGURATION_SERVER, module)) as unknown as AppConfiguration;
}

/** `GET /api/app-configuration`, `GET/PUT /api/app-configuration/:module` (docs/product.md §9). */
export const appConfigurationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(singletonRoutes(APP_CONFIGURATION_SERVER), { prefix: '/app-configuration' });
};
