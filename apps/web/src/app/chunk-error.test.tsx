import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { setupTestI18n } from '@/test/i18n';
import { makeUser } from '@/test/users';
import { routes } from './routes';

// A screen whose chunk cannot be fetched (offline, or an old tab after a deploy).
vi.mock('@/features/settings/settings-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  await setupTestI18n('en');
});

it('a screen that fails to load shows the error screen inside the app shell', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  useAuthStore.setState({ token: 'tok', user: makeUser('THERAPIST') });
  render(
    <RouterProvider
      router={createMemoryRouter(routes, { initialEntries: ['/dashboards', '/settings'], initialIndex: 1 })}
    />,
  );
  const main = await screen.findByRole('main');
  expect(await within(main).findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
  expect(within(main).getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
  expect(within(main).getByRole('button', { name: '← Go back' })).toBeInTheDocument();
  // The sidebar and header stay usable.
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Setting');
});
