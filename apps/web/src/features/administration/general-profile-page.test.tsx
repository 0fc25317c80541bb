import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, signIn } from '@/test/render-app';
import { GeneralProfilePage } from '@/components/profile/general-profile-page';
import { renderScreen } from './test-helpers';

const PATH = '/administration/generalProfile';
const profile = {
  id: 'therapist-id',
  username: 'therapist',
  email: 'therapist@example.com',
  role: 'THERAPIST',
  first_name: 'Ana',
  last_name: 'Pérez',
  language: 'en',
  notify_by_email: false,
  phone: null,
  job_title: 'Speech therapist',
  account: 'Clínica Sol',
};
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const here = {
  id: 's1',
  current: true,
  ip: '10.0.0.1',
  user_agent: chrome,
  created_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: '2026-11-23T07:00:00.000Z',
};
const elsewhere = {
  id: 's2',
  current: false,
  ip: '10.0.0.2',
  user_agent: firefox,
  created_at: '2026-11-18T09:00:00.000Z',
  last_seen_at: '2026-11-22T07:00:00.000Z',
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('general profile page', () => {
  it('saves only the six profile fields, switches the language and refreshes the stored user', async () => {
    signIn('THERAPIST');
    const { calls } = renderScreen(PATH, <GeneralProfilePage />, ({ url, method }) => {
      if (url.pathname === '/api/auth/profile' && method === 'GET') return json({ status: true, data: profile });
      if (url.pathname === '/api/auth/profile' && method === 'PATCH')
        return json({ status: true, data: { id: profile.id }, message: 'Updated.' });
      if (url.pathname === '/api/auth/sessions') return json({ status: true, data: [here] });
      return undefined;
    });

    const first = await screen.findByRole('textbox', { name: 'First name' });
    expect(first).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: /Job title/ })).toHaveValue('Speech therapist');
    expect(screen.getByText('Clínica Sol')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Notify me by e-mail' })).not.toBeChecked();

    await userEvent.clear(first);
    await userEvent.type(first, 'Anna');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone/ }), '555-0100');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Notify me by e-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({
      first_name: 'Anna',
      last_name: 'Pérez',
      phone: '555-0100',
      job_title: 'Speech therapist',
      language: 'es',
      notify_by_email: true,
    });
    await waitFor(() => expect(i18n.language).toBe('es'));
    const stored = useAuthStore.getState().user!;
    expect(stored).toMatchObject({ first_name: 'Anna', last_name: 'Pérez', language: 'es' });
    // The rest of the stored session is kept.
    expect(stored.permissions).toContain('PERMISSION_CREATE_CLIENTS');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil general' })).toBeInTheDocument();
  });

  it('keeps the language when it did not change and links to the password change', async () => {
    signIn('THERAPIST');
    const { calls } = renderScreen(PATH, <GeneralProfilePage />, ({ url, method }) => {
      if (url.pathname === '/api/auth/profile' && method === 'GET') return json({ status: true, data: profile });
      if (url.pathname === '/api/auth/profile' && method === 'PATCH')
        return json({ status: true, data: { id: profile.id }, message: 'Updated.' });
      if (url.pathname === '/api/auth/sessions') return json({ status: true, data: [here] });
      return undefined;
    });
    expect(await screen.findByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changePassword');
    const jobTitle = await screen.findByRole('textbox', { name: /Job title/ });
    await userEvent.clear(jobTitle);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      job_title: null,
      phone: null,
      language: 'en',
    });
    expect(i18n.language).toBe('en');
  });

  it('refuses an empty first name without calling the API', async () => {
    signIn('THERAPIST');
    const { calls } = renderScreen(PATH, <GeneralProfilePage />, ({ url, method }) => {
      if (url.pathname === '/api/auth/profile' && method === 'GET') return json({ status: true, data: profile });
      if (url.pathname === '/api/auth/sessions') return json({ status: true, data: [here] });
      return undefined;
    });
    await userEvent.clear(await screen.findByRole('textbox', { name: 'First name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('lists the sessions, marks this device, and signs out the others then reloads the list', async () => {
    signIn('THERAPIST');
    let signedOut = false;
    const { calls } = renderScreen(PATH, <GeneralProfilePage />, ({ url, method }) => {
      if (url.pathname === '/api/auth/profile') return json({ status: true, data: profile });
      if (url.pathname === '/api/auth/sessions' && method === 'GET')
        return json({ status: true, data: signedOut ? [here] : [here, elsewhere] });
      if (url.pathname === '/api/auth/sessions/sign-out-others' && method === 'POST') {
        signedOut = true;
        return json({ status: true, data: { count: 1 }, message: 'Signed out of 1 other session.' });
      }
      return undefined;
    });

    const list = await screen.findByRole('list', { name: 'Your active sessions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('This device')).toBeInTheDocument();
    expect(within(first!).getByText('Chrome · Windows')).toBeInTheDocument();
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
    expect(within(second!).getByText('Firefox · Linux')).toBeInTheDocument();
    expect(within(second!).getByText('10.0.0.2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your active sessions' })).getAllByRole('listitem')).toHaveLength(
        1,
      ),
    );
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/auth/sessions/sign-out-others'),
    ).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/auth/sessions')).toHaveLength(2);
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
  });
});
