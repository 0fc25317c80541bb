import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * E-mail over SMTP when SMTP_URL is set; otherwise the message is rendered to a real .eml file in
 * DATA_DIR/outbox (the log says which file), so sign-up and password reset work on a laptop with no mail server.
 */
/** a***@example.com: enough to tell messages apart in a log, not enough to collect addresses from it. */
export const maskAddress = (address: string): string => address.replace(/^(.)[^@]*@/, '$1***@');

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ to: maskAddress(mail.to), subject: mail.subject }, 'e-mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint() % 100000n}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // Only where to find it: the text may hold a link that signs someone in, and logs travel further than files.
      opts.log.info(
        { to: maskAddress(mail.to), subject: mail.subject, file },
        'e-mail written to the outbox (no SMTP_URL set)',
      );
    },
  };
}
