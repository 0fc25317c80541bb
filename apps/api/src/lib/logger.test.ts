import { describe, expect, it } from 'vitest';
import { createLogger, scrubLine, scrubText, serializeError } from './logger';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$Kx1h0bqYh9dVbqZPBqJx7p2Y3cGf3y2Gm1b8mJYk2xw';
const TOKEN = 'q3N9vV2mX0b4Lr8sTz1Pw6Ye5Hk7Ja2Dc9Fg0Qu3Rt4';

function capture() {
  const lines: string[] = [];
  const log = createLogger({ level: 'trace', destination: { write: (l: string) => void lines.push(l) } });
  return { log, text: () => lines.join('') };
}

describe('scrubText', () => {
  it('replaces hashes, bearer tokens, link tokens, session tokens and SSNs', () => {
    expect(scrubText(`hash ${HASH} end`)).toBe('hash [redacted hash] end');
    expect(scrubText(`Authorization: Bearer ${TOKEN}`)).toBe('Authorization: Bearer [redacted]');
    expect(scrubText(`http://habla.test/resetPassword?token=${TOKEN}&x=1`)).toBe(
      'http://habla.test/resetPassword?token=[redacted]&x=1',
    );
    expect(scrubText(`session ${TOKEN}.`)).toBe('session [redacted token].');
    expect(scrubText('ssn 123-45-6789 and 987654321')).toBe('ssn [redacted number] and [redacted number]');
  });

  it('keeps what an operator needs: ids, paths, times, counts', () => {
    const text =
      'request 3f2a9c1e-8b4d-4e2a-9f1b-2c3d4e5f6a7b GET /api/catalogs/dictionary 12.5 ms at 2026-11-23T10:00:00.000Z, 155467 rows';
    expect(scrubText(text)).toBe(text);
  });

  it('keeps UUIDs whole, digits included, and still redacts an SSN or a token beside one', () => {
    const id = '3f2a9c1e-8b4d-4e2a-9f1b-b0d123456789';
    expect(scrubText(`request ${id} failed`)).toBe(`request ${id} failed`);
    expect(scrubText(`user ${id} ssn 123456789, session ${TOKEN}`)).toBe(
      `user ${id} ssn [redacted number], session [redacted token]`,
    );
    expect(scrubText(`${id}/123-45-6789`)).toBe(`${id}/[redacted number]`);
  });

  it("drops a failed query's parameters, up to the first stack frame after any blank lines", () => {
    expect(scrubText('params: a,b\n\n    at f (x.js:1:1)')).toBe('params: [redacted]\n\n    at f (x.js:1:1)');
    expect(scrubText('params: a\nb\n  nota frame\n  at g (y.js:2:2) params: c')).toBe(
      'params: [redacted]\n  at g (y.js:2:2) params: [redacted]',
    );
  });

  it("drops a failed query's parameters, up to the stack frames", () => {
    const stack = `Error: Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ana@example.test,${HASH}\n    at NodePgPreparedQuery.queryWithCache (drizzle-orm/node-postgres/session.js:41:15)`;
    expect(scrubText(stack)).toBe(
      'Error: Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [redacted]\n    at NodePgPreparedQuery.queryWithCache (drizzle-orm/node-postgres/session.js:41:15)',
    );
  });
});

describe('scrubLine', () => {
  it("keeps the line's request id whole (an error answer shows it), whatever digits it holds", () => {
    const line = JSON.stringify({
      level: 50,
      reqId: 'web-1700000000-b0d123456789',
      msg: 'request failed: ssn 987654321',
    });
    expect(JSON.parse(scrubLine(`${line}\n`))).toEqual({
      level: 50,
      reqId: 'web-1700000000-b0d123456789',
      msg: 'request failed: ssn [redacted number]',
    });
    // A value that is no request id (spaces, a secret's length) is scrubbed like any other.
    const odd = JSON.stringify({ reqId: `Bearer ${TOKEN}` });
    expect(JSON.parse(scrubLine(odd))).toEqual({ reqId: 'Bearer [redacted]' });
  });

  it('empties keys that name secrets at any depth', () => {
    const line = JSON.stringify({
      msg: 'x',
      body: { password: 'Sturdy-Lantern-58' },
      nested: { deep: { token: 'abc', ssn: '1', keep: 'me' } },
      headers: { authorization: 'Bearer x', cookie: 'a=b' },
    });
    expect(JSON.parse(scrubLine(`${line}\n`))).toEqual({
      msg: 'x',
      body: '[redacted]',
      nested: { deep: { token: '[redacted]', ssn: '[redacted]', keep: 'me' } },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
    });
  });
});

describe('the logger', () => {
  it("writes a failed query's error without its parameters or PostgreSQL's detail", () => {
    const { log, text } = capture();
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique_idx"'), {
      code: '23505',
      constraint: 'users_email_unique_idx',
      detail: 'Key (email)=(ana@example.test) already exists.',
    });
    const err = Object.assign(
      new Error(`Failed query: insert into "users" values ($1, $2)\nparams: ana@example.test,${HASH}`),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ['ana@example.test', HASH],
        cause,
      },
    );
    log.error({ err }, 'request failed');
    log.error(err);
    const out = text();
    expect(out).not.toContain('$argon2id');
    expect(out).not.toContain('ana@example.test');
    expect(out).toContain('users_email_unique_idx');
    expect(out).toContain('23505');
    expect(out).toContain('params: [redacted]');
  });

  it('writes a request as method, path and query names', () => {
    const { log, text } = capture();
    log.info(
      { req: { method: 'GET', url: `/resetPassword?token=${TOKEN}&lang=es`, ip: '10.0.0.1' } },
      'incoming request',
    );
    const line = JSON.parse(text()) as { req: unknown };
    expect(line.req).toEqual({
      method: 'GET',
      url: '/resetPassword',
      remoteAddress: '10.0.0.1',
      query: ['token', 'lang'],
    });
  });

  it('serializes a thrown string or object without failing', () => {
    expect(serializeError(`token ${TOKEN}`)).toBe('token [redacted token]');
    expect(serializeError({ code: 1 })).toEqual({ code: 1 });
  });
});
