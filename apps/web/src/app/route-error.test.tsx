import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '@/test/i18n';
import { RouteErrorScreen } from './route-error';

beforeAll(async () => {
  await setupTestI18n('en');
});

describe('route error screen', () => {
  it('shows the seed texts, the error message, and steps back one entry', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Start</p>, errorElement: <RouteErrorScreen /> },
        {
          path: '/broken',
          errorElement: <RouteErrorScreen />,
          lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
      ],
      { initialEntries: ['/', '/broken'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '← Go back' }));
    expect(await screen.findByText('Start')).toBeInTheDocument();
  });

  it('shows the status text of a thrown response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorScreen />,
          loader: () => {
            throw new Response('', { status: 404, statusText: 'Not Found' });
          },
          element: <p>never</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
  });
});
