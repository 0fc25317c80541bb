import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { type Call, json, signIn } from '@/test/render-app';
import { AuditLogPage, describeChanges } from './audit-log-page';
import { renderScreen } from './test-helpers';

const PATH = '/administration/auditLog';
const row = (over: Record<string, unknown>) => ({
  id: 'a1',
  at: '2026-11-20T10:30:00.000Z',
  action: 'update',
  entity: 'users',
  entity_id: 'u-42',
  actor_user_id: 'admin-id',
  actor: 'admin',
  account_id: 'acc-1',
  account: 'Clínica Sol',
  request_id: 'req-123',
  ip: '10.0.0.1',
  changes: null,
  ...over,
});
const rows = [
  row({
    id: 'a2',
    at: '2026-11-21T08:00:00.000Z',
    action: 'profile.update',
    changes: { first_name: { from: 'Ana', to: 'Anna' }, phone: { from: null, to: '555' } },
  }),
  row({
    id: 'a1',
    actor: null,
    actor_user_id: null,
    account: null,
    account_id: null,
    action: 'sessions.sign_out_others',
    changes: { count: 2 },
  }),
];
const lastAudit = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/audit-log').at(-1)!;
const page = (data: unknown[], total: number, p = 0) => json({ status: true, data, meta: { page: p, max: 25, total } });

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('audit log page', () => {
  it('shows the entries newest first with who, what and the changed fields, and nothing to edit', async () => {
    signIn('ADMIN');
    const { calls } = renderScreen(PATH, <AuditLogPage />, ({ url }) =>
      url.pathname === '/api/audit-log' ? page([rows[1], rows[0]], 2) : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2));
    const body = within(table).getAllByRole('row').slice(1);
    // Newest first, even if the page came in another order.
    expect(within(body[0]!).getByText('profile.update')).toBeInTheDocument();
    expect(within(body[0]!).getByText('first_name: Ana → Anna')).toBeInTheDocument();
    expect(within(body[0]!).getByText('phone: ∅ → 555')).toBeInTheDocument();
    expect(within(body[0]!).getByText('admin')).toBeInTheDocument();
    expect(within(body[0]!).getByText('Clínica Sol')).toBeInTheDocument();
    expect(within(body[0]!).getByText('req-123')).toBeInTheDocument();
    expect(within(body[0]!).getByText('u-42')).toBeInTheDocument();
    expect(within(body[0]!).getByText('Nov 21, 2026', { exact: false })).toHaveAttribute(
      'datetime',
      '2026-11-21T08:00:00.000Z',
    );
    expect(within(body[1]!).getByText('System')).toBeInTheDocument();
    expect(within(body[1]!).getByText('count: 2')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Record type', 'Record id', 'Account', 'Request id', 'Changed fields']);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /edit|delete/i })).not.toBeInTheDocument();
    const first = calls.find((c) => c.url.pathname === '/api/audit-log')!;
    expect(first.url.searchParams.get('page')).toBe('0');
    expect(first.url.searchParams.get('max')).toBe('25');
  });

  it('sends the filters in the query string and pages with previous/next', async () => {
    signIn('ADMIN');
    const { calls } = renderScreen(PATH, <AuditLogPage />, ({ url }) => {
      if (url.pathname !== '/api/audit-log') return undefined;
      const p = Number(url.searchParams.get('page'));
      return page([row({ id: `r${p}`, action: `action-${p}` })], 60, p);
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByText('action-1')).toBeInTheDocument();
    expect(lastAudit(calls).url.searchParams.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('textbox', { name: 'Record type' }), 'users');
    await userEvent.type(screen.getByRole('textbox', { name: 'Action' }), 'profile.update');
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), 'admin');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(lastAudit(calls).url.searchParams.get('entity')).toBe('users'));
    const q = lastAudit(calls).url.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      page: '0',
      max: '25',
      entity: 'users',
      action: 'profile.update',
      actor: 'admin',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('has an empty state that offers to clear the filters, and an error state', async () => {
    signIn('ADMIN');
    let fail = false;
    const { calls } = renderScreen(
      PATH,
      <AuditLogPage />,
      ({ url }) => {
        if (url.pathname !== '/api/audit-log') return undefined;
        if (fail) return json({ status: false, errors: ['Boom'] }, 500);
        return page([], 0);
      },
      `${PATH}?action=nothing`,
    );
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    expect(lastAudit(calls).url.searchParams.get('action')).toBe('nothing');
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('nothing');
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
    expect(lastAudit(calls).url.searchParams.has('action')).toBe(false);

    fail = true;
    await userEvent.type(screen.getByRole('textbox', { name: 'Record type' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
  });
});

describe('describeChanges', () => {
  it('renders from/to pairs, plain values and non-objects compactly', () => {
    expect(describeChanges({ name: { from: 'A', to: 'B' }, active: true, added: ['X', 'Y'], removed: [] })).toEqual([
      'name: A → B',
      'active: true',
      'added: X, Y',
      'removed: []',
    ]);
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges([1, 2])).toEqual(['1, 2']);
  });
});
