import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createApiClient, type ApiClientDeps } from './api-client';

type FetchArgs = [string, RequestInit];

function setup(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  token: string | null = 'tok-123',
) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => respond(url, init));
  const deps: ApiClientDeps = {
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => token,
    getLanguage: () => 'es',
    t: (key) => `t(${key})`,
    notify: vi.fn(),
    onUnauthorized: vi.fn(),
  };
  return { api: createApiClient(deps), deps, fetchMock, call: () => fetchMock.mock.calls[0] as unknown as FetchArgs };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends cookies, JSON, the Bearer token and the UI language', async () => {
    const { api, call } = setup(() => json({ status: true, data: { id: 1 } }));
    const answer = await api.post<{ data: { id: number } }>('/api/things', { name: 'x' });
    expect(answer.data.id).toBe(1);
    const [url, init] = call();
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ name: 'x' }));
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Accept-Language']).toBe('es');
  });

  it('sends no Authorization header without a stored token, and no content type without a body', async () => {
    const { api, call } = setup(() => json({ status: true }), null);
    await api.delete('/api/things/1');
    const headers = call()[1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(call()[1].method).toBe('DELETE');
  });

  it('adds paging and sorting query parameters (max, page, col, order)', async () => {
    const { api, call } = setup(() => json({ status: true, data: [] }));
    await api.patch(
      '/api/games',
      { filter: 1 },
      { query: { max: 25, page: 0, col: 'name', order: 'asc', empty: undefined } },
    );
    expect(call()[0]).toBe('/api/games?max=25&page=0&col=name&order=asc');
    expect(buildUrl('/a?x=1', { page: 2 })).toBe('/a?x=1&page=2');
  });

  it('posts a raw body untouched, with the browser choosing the content type', async () => {
    const { api, call } = setup(() => json({ status: true }));
    const form = new FormData();
    form.set('file', 'abc');
    await api.postRaw('/api/images', form);
    expect(call()[1].body).toBe(form);
    expect((call()[1].headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('passes the CSRF-cookie request through without parsing or toasting', async () => {
    const raw = new Response('not json at all', { status: 200 });
    const { api, deps } = setup(() => raw);
    const answer = await api.get<Response>('/api/auth/csrf-cookie');
    expect(answer).toBe(raw);
    expect(answer.bodyUsed).toBe(false);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('toasts the translated invalid-credentials text on a 401 login and throws', async () => {
    const { api, deps } = setup(() => json({ status: false, errors: ['server text'] }, 401), null);
    await expect(api.post('/api/auth/login', { login: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify).toHaveBeenCalledWith({ kind: 'error', message: 't(alerts.invalidUserOrPassword)' });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on a 401 of an authenticated call', async () => {
    const { api, deps } = setup(() => json({ status: false, errors: ['Your session has expired.'] }, 401));
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith({ kind: 'error', message: 'Your session has expired.' });
  });

  it('joins errors with line breaks and exposes field messages', async () => {
    const body = {
      status: false,
      errors: ['E-mail is already in use.', 'Username is already in use.'],
      fields: { email: 'E-mail is already in use.' },
    };
    const { api, deps } = setup(() => json(body, 409));
    const error = (await api.post('/api/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ email: 'E-mail is already in use.' });
    expect(error.message).toBe('E-mail is already in use.\nUsername is already in use.');
    expect(deps.notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 'E-mail is already in use.\nUsername is already in use.',
    });
  });

  it('shows the success message, unless asked to stay quiet', async () => {
    const first = setup(() => json({ status: true, message: 'Your password was changed.' }));
    await first.api.post('/api/auth/change-password', {});
    expect(first.deps.notify).toHaveBeenCalledWith({ kind: 'success', message: 'Your password was changed.' });

    const second = setup(() => json({ status: true, message: 'New user was created' }, 201));
    await second.api.post('/api/auth/register', {}, { silentSuccess: true });
    expect(second.deps.notify).not.toHaveBeenCalled();
  });

  it('toasts the exception when the body cannot be parsed', async () => {
    const { api, deps } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/health')).rejects.toBeInstanceOf(ApiError);
    const decision = vi.mocked(deps.notify).mock.calls[0]?.[0];
    expect(decision?.kind).toBe('error');
    expect(decision?.message).toMatch(/JSON/);
  });

  it('reports a network failure with a translated text', async () => {
    const { api, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/health')).rejects.toMatchObject({ status: 0 });
    expect(deps.notify).toHaveBeenCalledWith({ kind: 'error', message: 't(alerts.networkError)' });
  });

  it('silent calls never toast', async () => {
    const { api, deps } = setup(() => json({ status: false, errors: ['x'] }, 500));
    await expect(api.get('/api/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('echoes an XSRF-TOKEN cookie as a header', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D';
    const { api, call } = setup(() => json({ status: true }));
    await api.get('/api/x');
    expect((call()[1].headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('abc=');
  });
});
