import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { AuthUser } from './modules/auth/sessions';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The app's clock (a fake one in tests). */
    now: Clock;
    mailer: Mailer;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes; null on public ones. */
    user: AuthUser | null;
    sessionId: string | null;
  }
}
