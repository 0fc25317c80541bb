import { ROLE_DEFAULT_PERMISSIONS, ROLE_VALUES } from '@habla/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, signIn } from '@/test/render-app';
import { RolePermissionsPage } from './role-permissions-page';
import { renderScreen } from './test-helpers';

const PATH = '/administration/rolePermissions';
const matrix = () =>
  ROLE_VALUES.map((role) => ({ role, name: role, permissions: [...ROLE_DEFAULT_PERMISSIONS[role]] }));

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('role permissions page', () => {
  it('shows one checkbox per role and permission, and saves one role with PUT', async () => {
    signIn('SUPERADMIN');
    let saved: string[] | null = null;
    const { calls } = renderScreen(PATH, <RolePermissionsPage />, ({ url, method, body }) => {
      if (url.pathname === '/api/role-permissions' && method === 'GET') {
        return json({
          status: true,
          data: matrix().map((r) => (r.role === 'THERAPIST' && saved ? { ...r, permissions: saved } : r)),
        });
      }
      if (url.pathname === '/api/role-permissions/THERAPIST' && method === 'PUT') {
        saved = (body as { permissions: string[] }).permissions;
        return json({ status: true, data: { role: 'THERAPIST', permissions: saved }, message: 'Saved.' });
      }
      return undefined;
    });

    const createClients = await screen.findByRole('checkbox', { name: 'Therapist: PERMISSION_CREATE_CLIENTS' });
    expect(createClients).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Therapist: PERMISSION_REVEAL_SSN' })).not.toBeChecked();
    expect(screen.getByRole('rowheader', { name: /Create clients/ })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(ROLE_VALUES.length + 1);
    expect(screen.getByText(/take effect on each affected user's next request/)).toBeInTheDocument();

    const saveTherapist = screen.getByRole('button', { name: 'Save Therapist' });
    expect(saveTherapist).toBeDisabled();
    await userEvent.click(createClients);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Therapist: PERMISSION_REVEAL_SSN' }));
    expect(saveTherapist).toBeEnabled();
    // Other roles are untouched and cannot be saved.
    expect(screen.getByRole('button', { name: 'Save Viewer' })).toBeDisabled();
    await userEvent.click(saveTherapist);

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    const sent = (puts[0]!.body as { permissions: string[] }).permissions;
    expect(sent).toContain('PERMISSION_REVEAL_SSN');
    expect(sent).not.toContain('PERMISSION_CREATE_CLIENTS');
    expect(sent).toContain('PERMISSION_EDIT_CLIENTS');
    expect(sent).toHaveLength(ROLE_DEFAULT_PERMISSIONS.THERAPIST.length);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Therapist' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Therapist: PERMISSION_CREATE_CLIENTS' })).not.toBeChecked();
  });

  it("locks the signed-in user's own role column and explains why", async () => {
    signIn('ADMIN', { permissions: ['PERMISSION_FULL'] });
    renderScreen(PATH, <RolePermissionsPage />, ({ url, method }) =>
      url.pathname === '/api/role-permissions' && method === 'GET' ? json({ status: true, data: matrix() }) : undefined,
    );

    const own = await screen.findByRole('checkbox', { name: 'Admin: PERMISSION_ADMIN_USERS' });
    expect(own).toBeDisabled();
    expect(own).toBeChecked();
    expect(own).toHaveAccessibleDescription(/cannot change the permissions of your own role/);
    expect(screen.queryByRole('button', { name: 'Save Admin' })).not.toBeInTheDocument();
    const adminHeader = screen
      .getAllByRole('columnheader')
      .find((h) => h.textContent?.includes('Admin') && !h.textContent.includes('Account'))!;
    expect(within(adminHeader).getByText('Your role')).toBeInTheDocument();
    // Every cell of that column is locked; other roles stay editable.
    for (const box of screen.getAllByRole('checkbox', { name: /^Admin: / })) expect(box).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Therapist: PERMISSION_READ_CLIENTS' })).toBeEnabled();
    // Only a SUPERADMIN may grant full access.
    expect(screen.getByRole('checkbox', { name: 'Therapist: PERMISSION_FULL' })).toBeDisabled();
  });

  it('says so when the matrix cannot be loaded', async () => {
    signIn('SUPERADMIN');
    renderScreen(PATH, <RolePermissionsPage />, ({ url }) =>
      url.pathname === '/api/role-permissions' ? json({ status: false, errors: ['Forbidden'] }, 403) : undefined,
    );
    expect(await screen.findByText('The role permissions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
