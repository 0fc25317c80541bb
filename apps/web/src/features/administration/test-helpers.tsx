import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { queryClient } from '@/lib/query-client';
import { stubApi, type Call } from '@/test/render-app';

/**
 * One screen on a memory router (a single route at `path`, plus a marker page for
 * `/changePassword`), its API answered through `handler` (see stubApi): the screen alone, without
 * the main layout's own calls.
 */
export function renderScreen(
  path: string,
  element: ReactElement,
  handler: (call: Call) => Response | undefined,
  initialEntry = path,
) {
  const calls = stubApi(handler);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/changePassword', element: <p>change password screen</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  // The app's root route provides the query client; this screen has no root route above it.
  render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { calls, router };
}
