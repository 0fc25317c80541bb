import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export type Received = { from: string; to: string[]; raw: string; text: string };

/** Quoted-printable → text (nodemailer encodes long or non-ASCII lines this way). */
const decodeQuotedPrintable = (s: string): string =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives, for e-mail tests. */
export async function startSmtpServer(): Promise<{
  url: string;
  messages: Received[];
  waitFor: (n?: number) => Promise<Received>;
  close: () => Promise<void>;
}> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        const text = /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text,
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const waitFor = async (n = messages.length + 1): Promise<Received> => {
    for (let i = 0; i < 100 && messages.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    const m = messages[n - 1];
    if (!m) throw new Error(`expected ${n} e-mail(s), got ${messages.length}`);
    return m;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
