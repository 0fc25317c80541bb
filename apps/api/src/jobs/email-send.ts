import { z } from 'zod';
import { decryptText, encryptText, secretKey } from '../lib/secrets';
import type { Mail } from '../lib/mailer';
import type { Config } from '../config';
import { defineJob } from './types';

/**
 * `email.send`: one e-mail through the configured mailer (SMTP, or the outbox folder). The text is
 * stored encrypted (lib/secrets.ts), so a reset link waiting in the queue is not readable from a
 * database dump, and never appears in the Jobs screen or a failure reason.
 */
export const emailSendJob = defineJob({
  name: 'email.send',
  schema: z.object({
    /** Whom the e-mail is about, for the Jobs screen. */
    user_id: z.uuid().nullable(),
    /** What the mail is (e.g. `password-reset`), for the Jobs screen. */
    kind: z.string().max(40),
    to: z.email(),
    subject: z.string().max(200),
    text_encrypted: z.string().min(1),
  }),
  summary: (d) => `${d.kind}${d.user_id ? ` · user ${d.user_id}` : ''}`,
  secrets: (d, ctx) => [d.to, decryptText(secretKey(ctx.config), d.text_encrypted)],
  run: async (ctx, d) => {
    await ctx.mailer.send({ to: d.to, subject: d.subject, text: decryptText(secretKey(ctx.config), d.text_encrypted) });
  },
});

/** The payload of an `email.send` job for one mail. */
export const emailPayload = (
  config: Pick<Config, 'dataDir'>,
  mail: Mail,
  about: { kind: string; userId: string | null },
) => ({
  user_id: about.userId,
  kind: about.kind,
  to: mail.to,
  subject: mail.subject,
  text_encrypted: encryptText(secretKey(config), mail.text),
});
