import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildUser, login, TEST_PASSWORD } from '../../../test/factories';
import { startSmtpServer } from '../../../test/smtp';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { app, clock, config } = await buildTestApp({ env: { SMTP_URL: smtp.url } });

const forgot = (loginName: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: loginName }, headers });
const reset = (token: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const linkIn = (text: string): string => {
  const m = /(https?:\/\/\S+\/resetPassword\?token=([\w%-]+))/.exec(text);
  if (!m?.[2]) throw new Error(`no reset link in:\n${text}`);
  return decodeURIComponent(m[2]);
};
const SAME = {
  status: true,
  message: 'If that user exists, we have sent an e-mail with a link to reset the password.',
};

describe('forgot / reset password', () => {
  it('e-mails a link over SMTP that resets the password once and ends every session', async () => {
    const user = await buildUser(app.db, { role: 'THERAPIST' });
    const before = await login(app, user.username, TEST_PASSWORD);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME);

    const mail = await smtp.waitFor();
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toMatch(/Subject: Reset your Habla password/);
    expect(mail.text).toContain(`${config.appUrl}/resetPassword?token=`);
    const token = linkIn(mail.text);

    const ok = await reset(token, 'Brand-New-Secret-31');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: true,
      message: 'Your password was reset. Please sign in with the new password.',
    });
    const again = await reset(token, 'Another-New-Secret-32');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      'This password reset link is invalid or has expired. Please ask for a new one.',
    ]);

    await expect(login(app, user.username, TEST_PASSWORD)).rejects.toThrow(/401/);
    await login(app, user.username, 'Brand-New-Secret-31');
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: before.headers })).statusCode).toBe(401);
  });

  it('answers the same for an unknown login and sends nothing', async () => {
    const count = smtp.messages.length;
    const res = await forgot('nobody@nowhere.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(count);
  });

  it('writes the e-mail in the user’s language', async () => {
    const user = await buildUser(app.db, { language: 'es' });
    await forgot(user.username);
    const mail = await smtp.waitFor();
    expect(mail.text).toContain('Hola');
    expect(mail.text).toContain('/resetPassword?token=');
  });

  it('a link works for one hour: a second before, yes; a second after, no', async () => {
    const HOUR = 60 * 60_000;
    const linkFor = async (username: string) => {
      const n = smtp.messages.length + 1;
      await forgot(username);
      return linkIn((await smtp.waitFor(n)).text);
    };
    const early = await buildUser(app.db);
    const late = await buildUser(app.db);
    const earlyToken = await linkFor(early.username);
    const lateToken = await linkFor(late.username);
    // Both links were made at the same fake instant: the clock has not moved since.
    clock.advance(HOUR - 1000);
    const ok = await reset(earlyToken, 'Brand-New-Secret-31');
    expect(ok.statusCode, ok.body).toBe(200);
    await login(app, early.username, 'Brand-New-Secret-31');

    clock.advance(2000);
    const res = await reset(lateToken, 'Brand-New-Secret-31');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      code: 'BAD_REQUEST',
      errors: ['This password reset link is invalid or has expired. Please ask for a new one.'],
    });
    await login(app, late.username, TEST_PASSWORD);
  });

  it('an unknown token and a common new password are refused', async () => {
    expect((await reset('x'.repeat(43), 'Brand-New-Secret-31')).statusCode).toBe(400);
    const user = await buildUser(app.db);
    await forgot(user.username);
    const token = linkIn((await smtp.waitFor()).text);
    const common = await reset(token, 'password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ password: 'Password is too common; choose one that is harder to guess.' });
    // The refused attempt did not use the link up.
    expect((await reset(token, 'Brand-New-Secret-31')).statusCode).toBe(200);
  });
});
