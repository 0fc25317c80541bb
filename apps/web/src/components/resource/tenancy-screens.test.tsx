import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, served, signIn, stamp } from '@/test/render-app';

const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const leo = {
  id: '22222222-2222-4222-8222-222222222222',
  full_name: 'Leo Walker',
  first_name: 'Leo',
  last_name: 'Walker',
  username: 'leo',
  email: null,
  account_id: ACCOUNT,
  account: { id: ACCOUNT, label: 'Demo Therapy Center' },
  status: 'ACTIVE',
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
  total_workspaces: 1,
  client_status: 'active',
  ...stamp,
};
const answer = ({ url }: { url: URL }) => {
  if (url.pathname === '/api/clients') return listAnswer([served('clients', leo)]);
  if (url.pathname === '/api/selector') return json({ status: true, data: [] });
  return undefined;
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('people screens follow the seed gating', () => {
  it('on /clients a therapist sees the list but no Show link or New (seed: clients add and show need PERMISSION_ADMIN_USERS)', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/clients', answer);
    const row = (await screen.findByRole('cell', { name: 'Leo' })).closest('tr')!;
    expect(within(row).queryByRole('link', { name: 'Show Leo Walker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });

  it('on /students a therapist opens a student', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/students', answer);
    const row = (await screen.findByRole('cell', { name: 'Leo' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Show Leo Walker' })).toHaveAttribute('href', `/students/${leo.id}`);
    // They edit students but do not remove them (PERMISSION_ADMIN_CLIENTS).
    expect(within(row).getByRole('link', { name: 'Edit Leo Walker' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete Leo Walker' })).not.toBeInTheDocument();
    // An account member's list has no account filter or column: it holds their account only.
    expect(screen.queryByRole('columnheader', { name: /Account/ })).not.toBeInTheDocument();
  });

  it('the user form offers an account admin only the roles they may give, and no account picker', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
    renderApp('/administration/userProfiles/add', answer);
    const role = await screen.findByLabelText('Role');
    const options = within(role)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'Account admin', 'Supervisor', 'Therapist']);
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('ACTIVE');
  });

  it('a platform admin may give any role but Superadmin, and picks the account', async () => {
    signIn('ADMIN');
    renderApp('/administration/userProfiles/add', answer);
    const role = await screen.findByLabelText('Role');
    const options = within(role)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).not.toContain('Superadmin');
    expect(options).toContain('Admin');
    expect(screen.getByRole('combobox', { name: 'Account' })).toBeInTheDocument();
  });
});
