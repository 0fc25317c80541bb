import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from './users';

/** A JSON answer of the API. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A list page answer (`{ status, data, meta }`). */
export const listAnswer = (data: unknown[], total = data.length, page = 0) => json({ status: true, data, meta: { page, max: 25, total } });

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

export type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> };

/**
 * Stub `fetch` with `handler` (undefined: the test did not expect that call, which fails it); every
 * call is recorded, and `/api/auth/me` answers with the stored user.
 */
export function stubApi(handler: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
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
      const answer = handler(call);
      if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
      return answer;
    }),
  );
  return calls;
}

/** The whole app on a memory router, its API answered through `handler` (see stubApi). */
export function renderApp(path: string, handler: (call: Call) => Response | undefined) {
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
