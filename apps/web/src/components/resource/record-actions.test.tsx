import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp, writesOf, type Call } from '@/test/render-app';

/** Declared actions on the web (decision 010), through the users' "send password link". */
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const person = (id: string, first: string, last: string, role: string, status = 'ACTIVE') =>
  served('users', {
    id,
    full_name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    username: first.toLowerCase(),
    email: `${first.toLowerCase()}@example.com`,
    role,
    account_id: ACCOUNT,
    account: { id: ACCOUNT, label: 'Demo Therapy Center' },
    status,
    ssn: null,
    gender: null,
    sex: null,
    birthday: null,
    phone: null,
    country: null,
    state: null,
    city: null,
    street: null,
    apt: null,
    zipcode: null,
    address: null,
    language: 'en',
    notify_by_email: false,
    relationship_to_student: null,
    license: null,
    occupation: null,
    job_title: null,
    total_workspaces: 0,
    ...stamp,
  });
const EMILY = '22222222-2222-4222-8222-222222222222';
const MARCUS = '33333333-3333-4333-8333-333333333333';
const NORA = '44444444-4444-4444-8444-444444444444';

let rows: ReturnType<typeof person>[] = [];
const answer = ({ method, url, body }: Call) => {
  if (method === 'GET' && url.pathname === '/api/users') return listAnswer(rows);
  const one = /^\/api\/users\/([\w-]+)$/.exec(url.pathname);
  if (method === 'GET' && one) return json({ status: true, data: rows.find((r) => r.id === one[1]) });
  if (method === 'GET' && url.pathname.endsWith('/permissions'))
    return json({ status: true, data: { role: 'THERAPIST', permissions: [] } });
  if (url.pathname === '/api/selector') return json({ status: true, data: [] });
  if (method === 'POST' && url.pathname === '/api/users/send-password-link') {
    const ids = (body as { ids: string[] }).ids;
    return json({
      status: true,
      data: rows.filter((r) => ids.includes(r.id)),
      message: `A link to set a new password was e-mailed to ${ids.length} people.`,
    });
  }
  const single = /^\/api\/users\/([\w-]+)\/send-password-link$/.exec(url.pathname);
  if (method === 'POST' && single)
    return json({
      status: true,
      data: rows.filter((r) => r.id === single[1]),
      message: 'A link to set a new password was e-mailed.',
    });
  return undefined;
};
const listReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/users').length;

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
  rows = [
    person(EMILY, 'Emily', 'Chen', 'THERAPIST'),
    person(MARCUS, 'Marcus', 'Reyes', 'SUPERVISOR'),
    person(NORA, 'Nora', 'Quinn', 'THERAPIST', 'INACTIVE'),
  ];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('declared actions in the list', () => {
  it('the bulk toolbar runs the action on the selection after a plural confirmation, then reloads the list', async () => {
    const { calls } = renderApp('/administration/userProfiles', answer);
    await screen.findByRole('cell', { name: 'Emily' });
    const toolbar = screen.getByRole('group', { name: 'Actions on selected records' });
    const trigger = within(toolbar).getByRole('button', { name: 'Send password link' });

    // Nothing selected: the seed's toast, no request.
    await userEvent.click(trigger);
    expect(await screen.findByText('Please, select items to proccede.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Emily Chen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Marcus Reyes' }));
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    const reads = listReads(calls);
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    expect(dialog).toHaveTextContent('Send a link to set a new password to 2 people?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send password link' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'POST', path: '/api/users/send-password-link', body: { ids: [EMILY, MARCUS] } },
      ]),
    );
    expect(await screen.findByText('A link to set a new password was e-mailed to 2 people.')).toBeInTheDocument();
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The selection is done with; focus is back on the button that opened the dialog.
    expect(within(toolbar).getByText('0 selected')).toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('a selection holding a row the action does not apply to is refused before asking', async () => {
    const { calls } = renderApp('/administration/userProfiles', answer);
    await screen.findByRole('cell', { name: 'Nora' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Emily Chen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Nora Quinn' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Actions on selected records' })).getByRole('button', {
        name: 'Send password link',
      }),
    );
    expect(await screen.findByText('This action does not apply to 1 of the 2 selected records.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
  });

  it("a row's button asks with the record's name; Cancel sends nothing and gives focus back, confirming posts the single form", async () => {
    const { calls } = renderApp('/administration/userProfiles', answer);
    await screen.findByRole('cell', { name: 'Emily' });
    // Only rows whose _actions allow it carry the button (an inactive user cannot use a link).
    expect(screen.queryByRole('button', { name: 'Send a password link to Nora Quinn' })).not.toBeInTheDocument();
    const rowButton = screen.getByRole('button', { name: 'Send a password link to Emily Chen' });
    await userEvent.click(rowButton);
    let dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    expect(dialog).toHaveTextContent('Send Emily Chen a link to set a new password?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowButton).toHaveFocus());
    expect(writesOf(calls)).toEqual([]);

    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send password link' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/users/${EMILY}/send-password-link`, body: {} }]),
    );
    expect(await screen.findByText('A link to set a new password was e-mailed.')).toBeInTheDocument();
  });

  it('the quick view offers the action the row allows, and confirms inside the drawer', async () => {
    const { calls } = renderApp('/administration/userProfiles', answer);
    await screen.findByRole('cell', { name: 'Marcus' });
    await userEvent.click(screen.getByRole('button', { name: 'Quick view of Marcus Reyes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Marcus Reyes' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send password link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send a password link?' });
    expect(confirm).toHaveTextContent('Send Marcus Reyes a link to set a new password?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send password link' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/users/${MARCUS}/send-password-link`, body: {} }]),
    );
  });
});

describe('declared actions on the show page', () => {
  it('shows the button when the row allows it and runs the action after confirming', async () => {
    const { calls } = renderApp(`/administration/userProfiles/${EMILY}`, answer);
    await screen.findByRole('heading', { name: 'Emily Chen' });
    await userEvent.click(screen.getByRole('button', { name: 'Send password link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a password link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send password link' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/users/${EMILY}/send-password-link`, body: {} }]),
    );
  });

  it('offers nothing for a row whose _actions leave the action out', async () => {
    renderApp(`/administration/userProfiles/${NORA}`, answer);
    await screen.findByRole('heading', { name: 'Nora Quinn' });
    expect(screen.queryByRole('button', { name: 'Send password link' })).not.toBeInTheDocument();
  });
});
