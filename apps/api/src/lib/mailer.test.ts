import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer without SMTP_URL', () => {
  it('writes a real .eml file to the outbox', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'habla-outbox-'));
    const mailer = createMailer({
      from: 'Habla <no-reply@habla.test>',
      outboxDir: path.join(dir, 'outbox'),
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'ana@example.test',
      subject: 'Hello',
      text: 'Open http://localhost:3000/resetPassword?token=abc',
    });
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(raw).toMatch(/^To: ana@example.test$/m);
    expect(raw).toMatch(/^Subject: Hello$/m);
    expect(raw).toContain('resetPassword?token=abc');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
