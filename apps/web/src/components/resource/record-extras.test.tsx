import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, quietProgressPanel, renderApp, signIn, stamp } from '@/test/render-app';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const STUDENT = '22222222-2222-4222-8222-222222222222';
const WS = '33333333-3333-4333-8333-333333333333';
const THERAPIST = '44444444-4444-4444-8444-444444444444';
const account = {
  id: ACCOUNT,
  name: 'Demo Therapy Center',
  status: 'ACTIVE',
  type: 'legal_person',
  payment_method: 'ach_transfer',
  membership_type: 'therapist_center',
  membership_length: 'yearly',
  start_date: '2026-01-01',
  amount: '1250.00',
  max_students: 50,
  max_adults: 20,
  ...stamp,
};
const student = {
  id: STUDENT,
  full_name: 'Leo Walker',
  first_name: 'Leo',
  last_name: 'Walker',
  username: 'leo',
  email: null,
  account_id: ACCOUNT,
  account: { id: ACCOUNT, label: 'Demo Therapy Center' },
  status: 'ACTIVE',
  ssn: '***-**-6789',
  gender: null,
  sex: null,
  birthday: '2018-04-09',
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
  total_workspaces: 1,
  client_status: 'active',
  ...stamp,
};
const workspace = {
  id: WS,
  name: 'Leo · School',
  type: 'school',
  student_id: STUDENT,
  student: { id: STUDENT, label: 'Leo Walker' },
  supervisor_id: null,
  supervisor: null,
  summary_period: 'weekly',
  account_id: ACCOUNT,
  account: { id: ACCOUNT, label: 'Demo Therapy Center' },
  total_users: 0,
  ...stamp,
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('panels below a record', () => {
  it('shows the SSN masked and reveals it on request for an account admin; a therapist gets no reveal button', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
    const { calls } = renderApp(`/students/${STUDENT}`, (call) => {
      const { url, method } = call;
      if (url.pathname === `/api/clients/${STUDENT}` && method === 'GET') return json({ status: true, data: student });
      if (url.pathname === `/api/clients/${STUDENT}/reveal-ssn`)
        return json({ status: true, data: { ssn: '123-45-6789' } });
      // The games given to the student and their progress (panels of their own).
      if (url.pathname === '/api/assignments')
        return json({ status: true, data: [], meta: { page: 0, max: 10, total: 0 } });
      // The header's student selector of an account admin.
      if (url.pathname === '/api/selector') return json({ status: true, data: [] });
      return quietProgressPanel(call);
    });
    const panel = await screen.findByRole('region', { name: 'SSN' });
    expect(within(panel).getByText('***-**-6789')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Reveal' }));
    expect(await within(panel).findByText('123-45-6789')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/reveal-ssn'))).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Hide' }));
    expect(within(panel).queryByText('123-45-6789')).not.toBeInTheDocument();
  });

  it('a therapist sees the masked SSN and no reveal', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp(`/students/${STUDENT}`, (call) =>
      call.url.pathname === `/api/clients/${STUDENT}`
        ? json({ status: true, data: student })
        : call.url.pathname === '/api/selector'
          ? json({ status: true, data: [] })
          : call.url.pathname === '/api/assignments'
            ? json({ status: true, data: [], meta: { page: 0, max: 10, total: 0 } })
            : quietProgressPanel(call),
    );
    expect(await screen.findByText('***-**-6789')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('adds a member to a workspace with a workspace role and relationship, and removes one', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
    let members: unknown[] = [];
    const { calls } = renderApp(`/administration/workspaces/${WS}`, ({ url, method, body }) => {
      if (url.pathname === `/api/workspaces/${WS}` && method === 'GET') return json({ status: true, data: workspace });
      if (url.pathname === `/api/workspaces/${WS}/members` && method === 'GET')
        return json({ status: true, data: members });
      if (url.pathname === '/api/users')
        return json({
          status: true,
          data: [{ id: THERAPIST, full_name: 'Emily Chen', ...stamp }],
          meta: { page: 0, max: 20, total: 1 },
        });
      if (url.pathname === `/api/workspaces/${WS}/members` && method === 'POST') {
        const b = body as { user_id: string; workspace_role: string; relationship_to_student: string };
        members = [
          {
            id: 'm1',
            user_id: b.user_id,
            full_name: 'Emily Chen',
            username: 'therapist',
            role: 'THERAPIST',
            workspace_role: b.workspace_role,
            relationship_to_student: b.relationship_to_student,
          },
        ];
        return json({ status: true, data: members, message: 'The record was saved.' });
      }
      if (url.pathname === `/api/workspaces/${WS}/members/m1` && method === 'DELETE') {
        members = [];
        return json({ status: true, data: members });
      }
      if (url.pathname === '/api/selector') return json({ status: true, data: [] });
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: 'Members' });
    expect(await within(panel).findByText('No members yet.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('combobox', { name: 'Add a member' }), 'Emi');
    await userEvent.click(await screen.findByRole('option', { name: /Emily Chen/ }));
    await userEvent.selectOptions(within(panel).getByLabelText('Workspace role'), 'SUPERVISOR');
    await userEvent.selectOptions(within(panel).getByLabelText('Relationship to student'), 'teacher');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        user_id: THERAPIST,
        workspace_role: 'SUPERVISOR',
        relationship_to_student: 'teacher',
      }),
    );
    const row = (await within(panel).findByRole('cell', { name: 'Emily Chen' })).closest('tr')!;
    expect(within(row).getByText('Supervisor')).toBeInTheDocument();
    expect(within(row).getByText('Teacher')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Emily Chen' }));
    expect(await within(panel).findByText('No members yet.')).toBeInTheDocument();
  });

  it("lists an account's billing statements with amounts and periods", async () => {
    signIn('ADMIN');
    renderApp(`/administration/accounts/${ACCOUNT}`, ({ url }) => {
      if (url.pathname === `/api/accounts/${ACCOUNT}`) return json({ status: true, data: account });
      if (url.pathname === `/api/accounts/${ACCOUNT}/statements`) {
        return json({
          status: true,
          data: [
            {
              id: 's2',
              billing_id: 'b',
              product: 'Center plan',
              period_start: '2026-10-01',
              period_end: '2026-11-01',
              amount: '1250.00',
            },
          ],
          meta: { page: 0, max: 10, total: 1 },
        });
      }
      if (url.pathname === '/api/selector') return json({ status: true, data: [] });
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: 'Billing statements' });
    expect(await within(panel).findByRole('cell', { name: 'Center plan' })).toBeInTheDocument();
    expect(within(panel).getByText('$1,250.00')).toBeInTheDocument();
    expect(within(panel).getByText('Oct 1, 2026 – Nov 1, 2026')).toBeInTheDocument();
    // The account's own day and amount read as people write them.
    expect(screen.getByText('Jan 1, 2026')).toHaveAttribute('datetime', '2026-01-01');
    expect(screen.getByText('1,250.00')).toBeInTheDocument();
  });
});

describe('the panel registry', () => {
  const PLAN = '55555555-5555-4555-8555-555555555555';
  const answer =
    (data: unknown) =>
    ({ url }: { url: URL }) =>
      url.pathname === `/api/plans/${PLAN}`
        ? json({ status: true, data })
        : url.pathname === '/api/selector'
          ? json({ status: true, data: [] })
          : undefined;
  const plan = { id: PLAN, code: 'PRO', description: 'Professional', is_calculated: false, price: '19.00', ...stamp };

  it('shows a panel a feature registers for a resource, when its rule lets this user see this record', async () => {
    const { registerRecordPanels } = await import('@/lib/record-panels');
    registerRecordPanels([
      {
        id: 'test-notes',
        resources: ['plans'],
        visible: (user, row, resource) =>
          user?.role === 'SUPERADMIN' && resource === 'plans' && row.is_calculated === false,
        load: async () => ({
          default: ({ row }) => <section aria-label="Plan notes">{`notes of ${String(row.code)}`}</section>,
        }),
      },
    ]);
    signIn('SUPERADMIN');
    renderApp(`/administration/plans/${PLAN}`, answer(plan));
    expect(await screen.findByRole('region', { name: 'Plan notes' })).toHaveTextContent('notes of PRO');
  });

  it('hides a registered panel where its rule says no', async () => {
    signIn('SUPERADMIN');
    renderApp(`/administration/plans/${PLAN}`, answer({ ...plan, is_calculated: true }));
    expect(await screen.findByText('Professional')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plan notes' })).not.toBeInTheDocument();
  });
});
