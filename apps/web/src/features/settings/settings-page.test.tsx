import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn } from '@/test/render-app';

const profile = {
  id: 'student-id',
  username: 'leo',
  email: null,
  role: 'STUDENT',
  first_name: 'Leo',
  last_name: 'Walker',
  language: 'en',
  notify_by_email: false,
  phone: null,
  job_title: null,
  account: 'Demo Therapy Center',
};
const session = {
  id: 's1',
  current: true,
  ip: '10.0.0.1',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  created_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: '2026-11-23T07:00:00.000Z',
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('/settings', () => {
  it('gives everyone, even a student without the General Profile permission, their profile and sessions', async () => {
    signIn('STUDENT', { account_id: 'acc' });
    renderApp('/settings', ({ url }) => {
      if (url.pathname === '/api/auth/profile') return json({ status: true, data: profile });
      if (url.pathname === '/api/auth/sessions') return json({ status: true, data: [session] });
      if (url.pathname === '/api/selector') return json({ status: true, data: [] });
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Setting' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Leo')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveValue('Walker');
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Change password/ })).toHaveAttribute(
      'href',
      '/changePassword',
    );
  });
});
