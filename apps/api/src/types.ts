import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { AuthUser } from './modules/auth/sessions';
import type { SessionGuesses } from './plugins/auth';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The app's clock (a fake one in tests). */
    now: Clock;
    mailer: Mailer;
    /** The users this instance last saw per token hash (plugins/auth.ts): guesses, never proofs. */
    sessionGuesses: SessionGuesses;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs interface merging
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes; null on public ones. */
    user: AuthUser | null;
    sessionId: string | null;
    /**
     * The token hash of a session not checked yet: `request.user` is this instance's last sight of it
     * (plugins/auth.ts `deferSession`), and the route must check the fresh row before it answers.
     */
    sessionToCheck: string | null;
  }
}
