import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { setupTestI18n } from '@/test/i18n';
import { makeUser } from '@/test/users';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => useAuthStore.setState({ token: null, user: null }));
afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('signs in with the keyboard alone and lands on /dashboards', async () => {
    const user = makeUser('THERAPIST', { first_name: 'Tere' });
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/csrf-cookie') return new Response(null, { status: 204 });
      if (url === '/api/auth/login') return json({ status: true, data: user, token: 'tok-login' });
      if (url === '/api/auth/me') return json({ status: true, data: user });
      throw new Error(`unexpected ${init.method} ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderApp('/');
    const kb = userEvent.setup();

    const login = await screen.findByLabelText('E-mail or username');
    expect(login).toHaveFocus();
    await kb.keyboard('therapist');
    await kb.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await kb.keyboard('Habla-Demo-2026{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Tere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboards');
    const loginCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.[1].body))).toEqual({ login: 'therapist', password: 'Habla-Demo-2026' });
    expect(loginCall?.[1].credentials).toBe('include');
    expect(localStorage.getItem('token')).toBe('tok-login');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').permissions).toEqual(user.permissions);
  });

  it('a wrong password shows the seed text in a toast and keeps the person on the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/login'
          ? json({ status: false, errors: ['Please, input a correct email/username or password.'] }, 401)
          : new Response(null, { status: 204 }),
      ),
    );
    const router = renderApp('/login');
    const kb = userEvent.setup();
    await screen.findByLabelText('E-mail or username');
    await kb.keyboard('student');
    await kb.tab();
    await kb.keyboard('nope-nope{Enter}');

    const toast = await screen.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(toast).toHaveTextContent('Please, input a correct email/username or password.'));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('announces missing fields under the inputs, with their labels', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/');
    const kb = userEvent.setup();
    await screen.findByLabelText('E-mail or username');
    await kb.click(screen.getByRole('button', { name: 'Log in' }));

    const field = screen.getByLabelText('E-mail or username');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('E-mail or username is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
