import { describe, expect, it } from 'vitest';
import { decideToast } from './api-toasts';

const t = (key: string) => `t(${key})`;
const base = { status: 200, ok: true, body: null, isLogin: false };

describe('toast decisions (seed §8)', () => {
  it('401 on login → the translated alerts.invalidUserOrPassword', () => {
    const body = { status: false, errors: ['anything the server said'] };
    expect(decideToast({ ...base, status: 401, ok: false, body, isLogin: true }, t)).toEqual({
      kind: 'error',
      message: 't(alerts.invalidUserOrPassword)',
    });
  });

  it('status false with an errors array → the errors joined by line breaks', () => {
    const body = { status: false, errors: ['First name is required.', 'E-mail is required.'] };
    expect(decideToast({ ...base, status: 400, ok: false, body }, t)).toEqual({
      kind: 'error',
      message: 'First name is required.\nE-mail is required.',
    });
  });

  it('an errors array on a non-ok answer counts even when status is not false', () => {
    const body = { status: true, errors: ['Conflict'] };
    expect(decideToast({ ...base, status: 409, ok: false, body }, t)).toEqual({ kind: 'error', message: 'Conflict' });
  });

  it('an errors array with status false on an ok answer still toasts', () => {
    expect(decideToast({ ...base, body: { status: false, errors: ['No'] } }, t)).toEqual({
      kind: 'error',
      message: 'No',
    });
  });

  it('a 401 on another call shows the server errors (expired session)', () => {
    const body = { status: false, errors: ['Your session has expired. Please sign in again.'] };
    expect(decideToast({ ...base, status: 401, ok: false, body }, t)).toEqual({
      kind: 'error',
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('a body with an error field → that error', () => {
    expect(decideToast({ ...base, status: 500, ok: false, body: { error: 'Boom' } }, t)).toEqual({
      kind: 'error',
      message: 'Boom',
    });
    expect(decideToast({ ...base, body: { error: 'Odd but shown' } }, t)).toEqual({
      kind: 'error',
      message: 'Odd but shown',
    });
  });

  it('ok + status true + message → success toast of the message', () => {
    const body = { status: true, message: 'New user was created', data: { advice: 'x' } };
    expect(decideToast({ ...base, status: 201, body }, t)).toEqual({
      kind: 'success',
      message: 'New user was created',
    });
  });

  it('non-ok body with a message → error toast of the message', () => {
    expect(decideToast({ ...base, status: 503, ok: false, body: { message: 'Down for maintenance' } }, t)).toEqual({
      kind: 'error',
      message: 'Down for maintenance',
    });
  });

  it('a parse failure → error toast of the exception', () => {
    const failure = new SyntaxError('Unexpected token < in JSON at position 0');
    expect(decideToast({ ...base, status: 502, ok: false, failure }, t)).toEqual({
      kind: 'error',
      message: 'Unexpected token < in JSON at position 0',
    });
  });

  it('a plain successful answer shows nothing', () => {
    expect(decideToast({ ...base, body: { status: true, data: { id: 1 } } }, t)).toBeNull();
    expect(decideToast({ ...base, status: 204, body: null }, t)).toBeNull();
  });

  it('a non-ok answer with nothing readable → "Operation was unsatisfactory"', () => {
    expect(decideToast({ ...base, status: 500, ok: false, body: null }, t)).toEqual({
      kind: 'error',
      message: 't(alerts.unsatisfactory)',
    });
  });
});
