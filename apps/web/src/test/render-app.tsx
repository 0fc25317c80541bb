import { policyOf, rowActions, type PolicyRow } from '@habla/shared/policies/index';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from './users';

/** A JSON answer of the API. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A list page answer (`{ status, data, meta }`). */
export const listAnswer = (data: unknown[], total = data.length, page = 0) =>
  json({ status: true, data, meta: { page, max: 25, total } });

/** Audit columns every record row carries. */
export const stamp = {
  deleted_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  created_by: null,
  updated_by: null,
  created_by_name: null,
  updated_by_name: null,
};

/**
 * A row as the API serves it to the signed-in user: with the `_actions` its resource's policy allows
 * (the same shared function the API's engine runs), so screens draw the buttons the server would.
 */
export const served = <T extends PolicyRow>(resource: string, row: T): T & { _actions: string[] } => ({
  ...row,
  _actions: rowActions(policyOf(resource), useAuthStore.getState().user, row),
});

export type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> };

/**
 * Stub `fetch` with `handler`; every call is recorded, and `/api/auth/me` answers with the stored
 * user. A call the handler does not answer (undefined) fails the test: fetch rejects, as a network
 * error would, and because the app turns that into a toast and goes on, the call is also recorded
 * and the test fails when it finishes, whatever it asserted.
 */
export function stubApi(handler: (call: Call) => Response | Promise<Response> | undefined): Call[] {
  const calls: Call[] = [];
  const unanswered: string[] = [];
  onTestFinished(() => {
    expect(unanswered, 'API calls the test did not answer').toEqual([]);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://habla.test'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: { ...(init.headers as Record<string, string> | undefined) },
      };
      calls.push(call);
      if (call.url.pathname === '/api/auth/me') return json({ status: true, data: useAuthStore.getState().user });
      // The dashboard asks for its panel on every visit: a test about something else gets an empty one.
      if (call.url.pathname === '/api/dashboards/me')
        return handler(call) ?? json({ status: true, data: { kind: 'none' } });
      const answer = handler(call);
      if (!answer) {
        const what = `${call.method} ${call.url.pathname}${call.url.search}`;
        unanswered.push(what);
        throw new Error(`unexpected API call: ${what}`);
      }
      return answer;
    }),
  );
  return calls;
}

/** The calls that change something (all but GET), as method, path with query, and body: for exact assertions. */
export const writesOf = (calls: Call[]) =>
  calls
    .filter((c) => c.method !== 'GET')
    .map((c) => ({ method: c.method, path: `${c.url.pathname}${c.url.search}`, body: c.body }));

/** The whole app on a memory router, its API answered through `handler` (see stubApi). */
export function renderApp(path: string, handler: (call: Call) => Response | Promise<Response> | undefined) {
  const calls = stubApi(handler);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { calls, router };
}

/** A stored session of a role (its default permissions), as after login. */
export const signIn = (role: Parameters<typeof makeUser>[0], overrides: Parameters<typeof makeUser>[1] = {}) =>
  useAuthStore.setState({ token: 'tok', user: makeUser(role, overrides) });

/**
 * The answers a student's page needs for its progress panel (the analytics feature's record panel)
 * when a test is about something else: nothing played in the last 30 days. `undefined` for any other
 * call, so a handler ends with `?? quietProgressPanel(call)`.
 */
export function quietProgressPanel({ url }: Call): Response | undefined {
  const period = { from: '2026-10-30', to: '2026-11-28' };
  if (url.pathname === '/api/analytics/students')
    return json({ status: true, data: { ...period, students: [], total: 0 } });
  const days = /^\/api\/analytics\/students\/([0-9a-f-]{36})\/days$/.exec(url.pathname);
  if (days) return json({ status: true, data: { ...period, student: { id: days[1], full_name: null }, days: [] } });
  return undefined;
}
