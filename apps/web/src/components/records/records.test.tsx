import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { useTableStore } from '@/lib/table-store';
import { setupTestI18n } from '@/test/i18n';
import { makeUser } from '@/test/users';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stamp = { deleted_at: null, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z', created_by: null, updated_by: null, created_by_name: null, updated_by_name: null };
const verb = (id: string, base: string, type = 'irregular') => ({ id, base_form: base, past_simple: `${base}-ps`, past_participle: `${base}-pp`, type, semantic_complexity: 2, ...stamp });
const page = (data: unknown[], total = data.length) => json({ status: true, data, meta: { page: 0, max: 25, total } });

type Call = { method: string; url: URL; body: unknown };

/** The app on a memory router with a fetch that answers `handler` and records every call. */
function renderApp(path: string, handler: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url: new URL(input, 'http://habla.test'), body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.url.pathname === '/api/auth/me') return json({ status: true, data: useAuthStore.getState().user });
      const answer = handler(call);
      if (!answer) throw new Error(`unexpected ${call.method} ${call.url}`);
      return answer;
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { calls, router };
}

const signIn = (role: Parameters<typeof makeUser>[0], overrides: Parameters<typeof makeUser>[1] = {}) =>
  useAuthStore.setState({ token: 'tok', user: makeUser(role, overrides) });

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('generic record list', () => {
  it('renders a fetched page and asks the server to sort when a column header is clicked', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs', ({ url }) => (url.pathname === '/api/catalogs/verbs' ? page([verb('1', 'go'), verb('2', 'eat')], 763) : undefined));
    expect(await screen.findByRole('cell', { name: 'go' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 763')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 31')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^past simple$/i }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('col') === 'past_simple' && c.url.searchParams.get('order') === 'asc')).toBe(true));
    expect(screen.getByRole('columnheader', { name: /past simple/i })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches one column when the person picks it (seed §3 column search)', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbs', ({ url }) => (url.pathname === '/api/catalogs/verbs' ? page([verb('1', 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.selectOptions(screen.getByLabelText('Search in'), 'past_simple');
    await userEvent.type(screen.getByLabelText('Search'), 'went');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('q') === 'went' && c.url.searchParams.get('in') === 'past_simple')).toBe(true));
    expect(useTableStore.getState().columnSearch).toBe('past_simple');
  });

  it('the Irregular Verb screen always sends its fixed filter', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbIrregular', ({ url }) => (url.pathname === '/api/catalogs/verbs' ? page([verb('1', 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    expect(calls.find((c) => c.url.pathname === '/api/catalogs/verbs')?.url.searchParams.get('type')).toBe('irregular');
    // Type is fixed here: no Type filter and no Type column.
    expect(screen.queryByRole('columnheader', { name: /^type/i })).not.toBeInTheDocument();
  });

  it('bulk delete with nothing selected shows the seed text and calls nothing; with a selection it asks, then posts the ids', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs', ({ url, method }) => {
      if (url.pathname === '/api/catalogs/verbs' && method === 'GET') return page([verb('11111111-1111-4111-8111-111111111111', 'go'), verb('22222222-2222-4222-8222-222222222222', 'eat')]);
      if (url.pathname === '/api/catalogs/verbs/bulk-delete') return json({ status: true, data: { count: 2 }, message: '2 record(s) moved to the trash.' });
      return undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Please, select items to proccede.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all records on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'] }));
  });

  it('hides the write buttons from a viewer (capability flags)', async () => {
    signIn('VIEWER');
    renderApp('/catalogs/verbs', ({ url }) => (url.pathname === '/api/catalogs/verbs' ? page([verb('1', 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit go' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show go' })).toBeInTheDocument();
  });

  it('shows the saved column layout and saves a changed one to the server and the stored user', async () => {
    signIn('EDITOR', { view_options: [{ controller: 'verbs', view: 'verbs', columns: ['past_participle', 'base_form'] }] });
    const { calls } = renderApp('/catalogs/verbs', ({ url }) => {
      if (url.pathname === '/api/catalogs/verbs') return page([verb('1', 'go')]);
      if (url.pathname === '/api/auth/view-options') return json({ status: true, data: [{ controller: 'verbs', view: 'verbs', columns: ['past_participle'] }] });
      return undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1, 3)).toEqual(['Past participle', 'Base form']);
    expect(screen.queryByRole('columnheader', { name: /past simple/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Base form' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ controller: 'verbs', view: 'verbs', columns: ['past_participle'] }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').view_options[0].columns).toEqual(['past_participle']));
    expect(screen.queryByRole('columnheader', { name: /base form/i })).not.toBeInTheDocument();
  });
});

describe('generic record form', () => {
  it('shows the shared schema messages beside the fields and sends nothing while invalid', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs/add', () => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Base form is required.')).toBeInTheDocument();
    expect(screen.getByText('Type is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Base form')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts a 409 answer beside the field it names and keeps what was typed', async () => {
    signIn('EDITOR');
    renderApp('/catalogs/verbs/add', ({ url, method }) =>
      url.pathname === '/api/catalogs/verbs' && method === 'POST'
        ? json({ status: false, errors: ['Base form is already in use.'], code: 'CONFLICT', fields: { base_form: 'Base form is already in use.' } }, 409)
        : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Base form'), 'go');
    await userEvent.type(screen.getByLabelText('Past simple'), 'went');
    await userEvent.type(screen.getByLabelText('Past participle'), 'gone');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'irregular');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Base form')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Base form is already in use.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Past simple')).toHaveValue('went');
  });

  it('a viewer who opens the form by URL is sent back to the list', async () => {
    signIn('VIEWER');
    const { router } = renderApp('/catalogs/verbs/add', ({ url }) => (url.pathname === '/api/catalogs/verbs' ? page([]) : undefined));
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalogs/verbs'));
    expect(await screen.findByText('No records yet.')).toBeInTheDocument();
  });
});
