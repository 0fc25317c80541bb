import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '@/app/providers';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import type { Call } from '@/test/render-app';

/**
 * One screen on a memory router (a single route at `path`, plus a marker page for
 * `/changePassword`), with a fetch stub that records every call and answers through `handler`
 * (undefined: the call was not expected, which fails the test). Same approach as `renderApp`,
 * for screens the app's routes do not mount yet.
 */
export function renderScreen(path: string, element: ReactElement, handler: (call: Call) => Response | undefined, initialEntry = path) {
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
      if (call.url.pathname === '/api/auth/me') return new Response(JSON.stringify({ status: true, data: useAuthStore.getState().user }), { status: 200 });
      const answer = handler(call);
      if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
      return answer;
    }),
  );
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/changePassword', element: <p>change password screen</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { calls, router };
}
