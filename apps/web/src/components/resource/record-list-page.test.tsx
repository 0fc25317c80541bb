import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { useTableStore } from '@/lib/table-store';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp, writesOf } from '@/test/render-app';

const GO = '11111111-1111-4111-8111-111111111111';
const EAT = '22222222-2222-4222-8222-222222222222';
const verb = (id: string, base: string, type = 'irregular', deleted_at: string | null = null) =>
  served('verbs', {
    id,
    base_form: base,
    past_simple: `${base}-ps`,
    past_participle: `${base}-pp`,
    type,
    semantic_complexity: 2,
    ...stamp,
    deleted_at,
  });
const isList = (url: URL, name = 'verbs') => url.pathname === `/api/catalogs/${name}`;

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  useTableStore.setState({ itemName: null, columnSearch: null, searchFilter: '', resetSearchFilter: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('record list: paging and sorting on the server', () => {
  it('renders a fetched page; a header click asks the server to sort, a second click reverses', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs', ({ url }) =>
      isList(url) ? listAnswer([verb(GO, 'go'), verb(EAT, 'eat')], 763) : undefined,
    );
    expect(await screen.findByRole('cell', { name: 'go' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /verbs: records 1 to 25 of 763/i })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 763')).toBeInTheDocument();
    expect(screen.getByLabelText('Page')).toHaveValue(1);
    expect(screen.getByText('of 31')).toBeInTheDocument();
    // The declaration's default order is shown on its column.
    expect(screen.getByRole('columnheader', { name: /base form/i })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /^past simple$/i }));
    await waitFor(() => expect(calls.at(-1)?.url.search).toContain('col=past_simple&order=asc'));
    expect(screen.getByRole('columnheader', { name: /past simple/i })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /base form/i })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: /^past simple$/i }));
    await waitFor(() => expect(calls.at(-1)?.url.search).toContain('col=past_simple&order=desc'));
    expect(screen.getByRole('columnheader', { name: /past simple/i })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages forward, to the last page and to a typed page number', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbs', ({ url }) =>
      isList(url) ? listAnswer([verb(GO, 'go')], 763, Number(url.searchParams.get('page') ?? 0)) : undefined,
    );
    await screen.findByRole('cell', { name: 'go' });
    const lastPage = () => calls.filter((c) => isList(c.url)).at(-1)?.url.searchParams;
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastPage()?.get('page')).toBe('1'));
    expect(screen.getByText('26–50 of 763')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(lastPage()?.get('page')).toBe('30'));
    expect(screen.getByText('751–763 of 763')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const input = screen.getByLabelText('Page');
    await userEvent.clear(input);
    await userEvent.type(input, '3{Enter}');
    await waitFor(() => expect(lastPage()?.get('page')).toBe('2'));
    expect(lastPage()?.get('max')).toBe('25');
    // Beyond the last page: clamped.
    await userEvent.clear(input);
    await userEvent.type(input, '999{Enter}');
    // Page 31 is cached from before: no new request, but the page shows.
    expect(await screen.findByText('751–763 of 763')).toBeInTheDocument();
    expect(input).toHaveValue(31);
  });
});

describe('record list: search and filters', () => {
  it('debounces the search (one request for the whole word) and keeps the seed table store', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbs', ({ url }) =>
      isList(url) ? listAnswer([verb(GO, 'go')]) : undefined,
    );
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.selectOptions(screen.getByLabelText('Search in'), 'past_simple');
    await userEvent.type(screen.getByLabelText('Search'), 'went');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('q') === 'went')).toBe(true));
    expect(calls.filter((c) => c.url.searchParams.has('q')).map((c) => c.url.searchParams.get('q'))).toEqual(['went']);
    expect(calls.find((c) => c.url.searchParams.get('q') === 'went')?.url.searchParams.get('in')).toBe('past_simple');
    expect(useTableStore.getState()).toMatchObject({ searchFilter: 'went', columnSearch: 'past_simple' });
    // A search without an explicit order comes by relevance: no column claims the order.
    expect(screen.getByRole('columnheader', { name: /base form/i })).toHaveAttribute('aria-sort', 'none');
  });

  it('says what found nothing and clears search and filters on request', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbs?q=zzz&type=regular', ({ url }) =>
      isList(url) ? listAnswer(url.searchParams.has('q') ? [] : [verb(GO, 'go')]) : undefined,
    );
    expect(await screen.findByText('No results for “zzz”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('zzz');
    expect(screen.getByLabelText('Type')).toHaveValue('regular');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('cell', { name: 'go' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('');
    const last = calls.filter((c) => isList(c.url)).at(-1)?.url.searchParams;
    expect(last?.has('q') || last?.has('type')).toBe(false);
  });

  it('shows the error with a retry that loads the page again', async () => {
    signIn('VIEWER');
    let fail = true;
    renderApp('/catalogs/verbs', ({ url }) => {
      if (!isList(url)) return undefined;
      if (fail) return json({ status: false, errors: ['Database unavailable'], code: 'INTERNAL' }, 500);
      return listAnswer([verb(GO, 'go')]);
    });
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'go' })).toBeInTheDocument();
    expect(screen.queryByText('The list could not be loaded.')).not.toBeInTheDocument();
  });

  it('filters by a related record picked by type-ahead, and names it again after a reload', async () => {
    signIn('VIEWER');
    const animals = { id: '33333333-3333-4333-8333-333333333333', name: 'Animals', ...stamp };
    const word = {
      id: GO,
      word: 'dog',
      word_es: 'perro',
      type: 'noun',
      topic_id: animals.id,
      topic: { id: animals.id, label: 'Animals' },
      picture: '1f415',
      description: null,
      ...stamp,
    };
    const handler = ({ url }: { url: URL }) => {
      if (isList(url, 'vocabulary')) return listAnswer([word]);
      if (isList(url, 'topics')) return listAnswer([animals]);
      if (url.pathname === `/api/catalogs/topics/${animals.id}`) return json({ status: true, data: animals });
      return undefined;
    };
    const { calls } = renderApp('/catalogs/vocabulary', handler);
    await screen.findByRole('cell', { name: 'perro' });
    const picker = screen.getByRole('combobox', { name: 'Topic' });
    await userEvent.type(picker, 'ani');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            isList(c.url, 'topics') && c.url.searchParams.get('q') === 'ani' && c.url.searchParams.get('max') === '20',
        ),
      ).toBe(true),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Animals' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => isList(c.url, 'vocabulary'))
          .at(-1)
          ?.url.searchParams.get('topic_id'),
      ).toBe(animals.id),
    );
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('Animals');
  });

  it('a filter given by the URL shows the related record by name', async () => {
    signIn('VIEWER');
    const animals = { id: '33333333-3333-4333-8333-333333333333', name: 'Animals', ...stamp };
    renderApp(`/catalogs/vocabulary?topic_id=${animals.id}`, ({ url }) => {
      if (isList(url, 'vocabulary')) return listAnswer([]);
      if (url.pathname === `/api/catalogs/topics/${animals.id}`) return json({ status: true, data: animals });
      return undefined;
    });
    expect(await screen.findByText('No records match the chosen filters.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('Animals'));
  });

  it('the Irregular Verb screen always sends its fixed filter and offers no Type column or filter', async () => {
    signIn('VIEWER');
    const { calls } = renderApp('/catalogs/verbIrregular', ({ url }) =>
      isList(url) ? listAnswer([verb(GO, 'go')]) : undefined,
    );
    await screen.findByRole('cell', { name: 'go' });
    expect(calls.find((c) => isList(c.url))?.url.searchParams.get('type')).toBe('irregular');
    expect(screen.queryByRole('columnheader', { name: /^type/i })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByRole('checkbox', { name: 'Type' })).not.toBeInTheDocument();
  });
});

describe('record list: selection and bulk actions', () => {
  it('bulk delete with nothing selected shows the seed text and calls nothing; with a selection it asks, then posts the ids', async () => {
    signIn('EDITOR');
    const { calls } = renderApp('/catalogs/verbs', ({ url, method }) => {
      if (isList(url) && method === 'GET') return listAnswer([verb(GO, 'go'), verb(EAT, 'eat')]);
      if (url.pathname === '/api/catalogs/verbs/bulk-delete')
        return json({ status: true, data: { count: 2 }, message: '2 record(s) moved to the trash.' });
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
    expect(dialog).toHaveTextContent('2 records move to the trash.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [GO, EAT] }));
    expect(await screen.findByText('2 record(s) moved to the trash.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
  });

  it('in the trash, restores one selected row after confirmation', async () => {
    signIn('EDITOR');
    const deleted = verb(GO, 'go', 'irregular', '2026-11-02T10:00:00.000Z');
    const { calls } = renderApp('/catalogs/verbs?trash=true', ({ url, method }) => {
      if (isList(url) && method === 'GET') return listAnswer(url.searchParams.get('trash') === 'true' ? [deleted] : []);
      if (url.pathname === `/api/catalogs/verbs/${GO}/restore`)
        return json({ status: true, data: verb(GO, 'go'), message: 'The record was restored.' });
      return undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    expect(screen.getByLabelText('Trash')).toBeChecked();
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select go' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore selected' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The record was restored.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/catalogs/verbs/${GO}/restore`, body: {} }]);
  });

  it('hides the write buttons from a viewer (capability flags)', async () => {
    signIn('VIEWER');
    renderApp('/catalogs/verbs', ({ url }) => (isList(url) ? listAnswer([verb(GO, 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select go' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit go' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete go' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show go' })).toBeInTheDocument();
  });

  it('an editor of another catalog still cannot write this one (the declaration names the permission)', async () => {
    // Only the vocabulary sub-permission: verbs need PERMISSION_ADMIN_CATALOGS or the verbs one.
    signIn('VIEWER', { permissions: ['PERMISSION_ADMIN_CATALOGS_VOCABULARY'] });
    renderApp('/catalogs/verbs', ({ url }) => (isList(url) ? listAnswer([verb(GO, 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });
});

describe('record list: row buttons follow the row’s _actions (decision 009)', () => {
  it('draws Edit and Delete per row from what the server says the user may do to it', async () => {
    signIn('EDITOR');
    // The editor may write verbs, but the server's policy allows nothing on "eat" (say, a row rule).
    const locked = { ...verb(EAT, 'eat'), _actions: ['read'] };
    renderApp('/catalogs/verbs', ({ url }) => (isList(url) ? listAnswer([verb(GO, 'go'), locked]) : undefined));
    await screen.findByRole('cell', { name: 'eat' });
    expect(screen.getByRole('link', { name: 'Edit go' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete go' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit eat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete eat' })).not.toBeInTheDocument();
    // The collection's buttons come from the same shared policy for the signed-in user.
    expect(screen.getByRole('link', { name: 'New' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quick view of eat' }));
    const drawer = await screen.findByRole('dialog', { name: 'eat' });
    expect(within(drawer).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

describe('record list: quick view, details, columns and export', () => {
  it('opens the quick view drawer from a row and returns focus to it on Escape', async () => {
    signIn('EDITOR');
    renderApp('/catalogs/verbs', ({ url }) => (isList(url) ? listAnswer([verb(GO, 'go')]) : undefined));
    await screen.findByRole('cell', { name: 'go' });
    const opener = screen.getByRole('button', { name: 'Quick view of go' });
    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'go' });
    expect(within(drawer).getByText('Past simple')).toBeInTheDocument();
    expect(within(drawer).getByText('go-ps')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Full view' })).toHaveAttribute(
      'href',
      `/catalogs/verbs/${GO}/full`,
    );
    expect(within(drawer).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/catalogs/verbs/edit/${GO}`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows who created and changed a row in its details', async () => {
    signIn('VIEWER');
    renderApp('/catalogs/verbs', ({ url }) =>
      isList(url) ? listAnswer([{ ...verb(GO, 'go'), updated_by_name: 'Lucas Bennett' }]) : undefined,
    );
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.click(screen.getByRole('button', { name: 'Details of go' }));
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText(/reference data/)).toBeInTheDocument();
    expect(within(details).getByText(/Lucas Bennett/)).toBeInTheDocument();
  });

  it('shows the saved column layout; hiding and reordering by keyboard saves it to the server and the stored user', async () => {
    signIn('EDITOR', {
      view_options: [{ controller: 'verbs', view: 'verbs', columns: ['past_participle', 'base_form', 'past_simple'] }],
    });
    const { calls } = renderApp('/catalogs/verbs', ({ url }) => {
      if (isList(url)) return listAnswer([verb(GO, 'go')]);
      if (url.pathname === '/api/auth/view-options')
        return json({
          status: true,
          data: [{ controller: 'verbs', view: 'verbs', columns: ['base_form', 'past_participle'] }],
        });
      return undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers().slice(1, 4)).toEqual(['Past participle', 'Base form', 'Past simple']);
    expect(screen.queryByRole('columnheader', { name: /^type/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Past simple' }));
    const up = screen.getByRole('button', { name: 'Move Base form up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Base form up' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        controller: 'verbs',
        view: 'verbs',
        columns: ['base_form', 'past_participle'],
      }),
    );
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').view_options[0].columns).toEqual([
        'base_form',
        'past_participle',
      ]),
    );
    await waitFor(() => expect(headers().slice(1, 3)).toEqual(['Base form', 'Past participle']));
    expect(screen.queryByRole('columnheader', { name: /past simple/i })).not.toBeInTheDocument();
  });

  it('exports the current filter as CSV with the session token and the visible columns', async () => {
    signIn('EDITOR');
    // jsdom has no object URLs: stand them in for this test.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = renderApp('/catalogs/verbs?q=go&type=irregular&col=base_form&order=desc', ({ url }) => {
      if (url.pathname === '/api/catalogs/verbs/export')
        return new Response('\uFEFFBase form\ngo\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="verbs.csv"' },
        });
      return isList(url) ? listAnswer([verb(GO, 'go')]) : undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.pathname.endsWith('/export'))!;
    expect(exported.headers.Authorization).toBe('Bearer tok');
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({
      q: 'go',
      type: 'irregular',
      col: 'base_form',
      order: 'desc',
      columns: 'base_form,past_simple,past_participle,type,semantic_complexity',
    });
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('Base form');
    click.mockRestore();
  });

  it('shows Export only to those the resource lets export: not to a viewer or a therapist on a catalog, yes to a therapist on their students', async () => {
    for (const role of ['VIEWER', 'THERAPIST', 'STUDENT'] as const) {
      signIn(role);
      renderApp('/catalogs/verbs', ({ url }) => (isList(url) ? listAnswer([verb(GO, 'go')]) : undefined));
      await screen.findByRole('cell', { name: 'go' });
      expect(screen.queryByRole('button', { name: 'Export CSV' }), role).not.toBeInTheDocument();
      // The rest of the toolbar is there: only the export is withheld.
      expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
      cleanup();
    }
    signIn('THERAPIST');
    renderApp('/students', ({ url }) =>
      url.pathname === '/api/clients'
        ? listAnswer([
            {
              id: GO,
              first_name: 'Leo',
              last_name: 'Walker',
              username: 'leo',
              full_name: 'Leo Walker',
              account_id: null,
              account: null,
              status: 'ACTIVE',
              client_status: 'active',
              total_workspaces: 1,
              ...stamp,
            },
          ])
        : undefined,
    );
    await screen.findByRole('cell', { name: 'leo' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says what the server said when it refuses an export (too many at once)', async () => {
    signIn('EDITOR');
    const message = 'Too many exports are running. Please try again in 5 second(s).';
    const { calls } = renderApp('/catalogs/verbs', ({ url }) => {
      if (url.pathname === '/api/catalogs/verbs/export')
        return json({ status: false, errors: [message], code: 'TOO_MANY_REQUESTS', retry_after: 5 }, 429);
      return isList(url) ? listAnswer([verb(GO, 'go')]) : undefined;
    });
    await screen.findByRole('cell', { name: 'go' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/catalogs/verbs/export')).toHaveLength(1);
  });
});
