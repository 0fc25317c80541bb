import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn } from '@/test/render-app';

const caseload = {
  kind: 'caseload',
  students: [
    { id: '11111111-1111-4111-8111-111111111111', full_name: 'Mia Johnson', last_played: null, scores: [40, 80] },
  ],
  waiting: { total: 0, sessions: [] },
  expiring: [],
};

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('draws the board and the sections together once the board has arrived, a loading status until then (nothing drawn is pushed down)', async () => {
    signIn('THERAPIST');
    let answer: (value: Response) => void = () => {};
    renderApp('/dashboards', ({ url }) => {
      if (url.pathname === '/api/dashboards/me') return new Promise<Response>((resolve) => (answer = resolve));
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const status = await screen.findByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Loading…');
    // The sections wait for the board: drawn earlier, the board would push them down when it came.
    expect(screen.queryByRole('heading', { name: 'Your sections' })).not.toBeInTheDocument();
    answer(json({ status: true, data: caseload }));
    expect(await screen.findByRole('heading', { name: 'My students' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mia Johnson' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('still shows the sections when the board cannot be loaded', async () => {
    signIn('THERAPIST');
    renderApp('/dashboards', ({ url }) =>
      url.pathname === '/api/dashboards/me' ? json({ status: false, errors: ['Server error'] }, 500) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My students' })).not.toBeInTheDocument();
  });
});

/** Platform figures as `GET /api/dashboards/platform` answers them. */
const platform = {
  as_of: '2026-11-27T12:00:00.000Z',
  accounts: {
    total: 3,
    new_30d: 2,
    by_status: [
      { status: 'ACTIVE', count: 2 },
      { status: 'ON-HOLD', count: 1 },
      { status: 'INACTIVE', count: 0 },
      { status: 'CANCELED', count: 0 },
    ],
  },
  users: {
    total: 13,
    by_role: [
      { role: 'SUPERADMIN', count: 1 },
      { role: 'THERAPIST', count: 3 },
      { role: 'STUDENT', count: 4 },
    ],
  },
  activity: {
    users_7d: 8,
    users_30d: 9,
    students_7d: 2,
    students_30d: 3,
    days: [
      { day: '2026-11-27', users: 7, students: 1 },
      { day: '2026-11-26', users: 0, students: 0 },
    ],
    weeks: [{ week: '2026-11-23', users: 8, students: 2 }],
  },
  limits: {
    near: 1,
    full: 1,
    accounts: [
      {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Full Center',
        students: 2,
        max_students: 2,
        adults: 1,
        max_adults: 10,
      },
    ],
  },
  jobs: { failed_7d: 3, last_failed_at: '2026-11-26T12:00:00.000Z', by_name: [{ name: 'email.send', count: 3 }] },
  storage: {
    files: 4,
    bytes: 6350,
    by_kind: [
      { kind: 'audio', files: 1, bytes: 5000 },
      { kind: 'image', files: 2, bytes: 1250 },
    ],
  },
};

describe('the platform dashboard', () => {
  it('shows platform staff the figures as cards and the activity per day and week as tables, above the sections', async () => {
    signIn('SUPERADMIN');
    renderApp('/dashboards', ({ url }) => {
      if (url.pathname === '/api/dashboards/platform') return json({ status: true, data: platform });
      return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
    });
    const section = await screen.findByRole('region', { name: 'The platform at a glance' });
    const card = (name: string) => within(section).getByRole('group', { name });
    expect(card('Accounts')).toHaveTextContent('3accounts');
    expect(card('Accounts')).toHaveTextContent('2 new in the last 30 days');
    expect(card('Accounts')).toHaveTextContent('Active2On hold1Inactive0Canceled0');
    expect(card('Users')).toHaveTextContent('13users');
    expect(card('Users')).toHaveTextContent('Therapist3');
    expect(card('Active people')).toHaveTextContent('8users active in the last 7 days');
    expect(card('Active people')).toHaveTextContent('Students, last 30 days3');
    expect(card('Plan limits')).toHaveTextContent('1account at its limit');
    expect(within(card('Plan limits')).getByRole('link', { name: 'Full Center' })).toHaveAttribute(
      'href',
      '/administration/accounts/22222222-2222-4222-8222-222222222222',
    );
    expect(card('Plan limits')).toHaveTextContent('students 2 of 2 (100 %) · adults 1 of 10 (10 %)');
    expect(card('Failed jobs')).toHaveTextContent('3jobs failed in the last 7 days');
    expect(within(card('Failed jobs')).getByRole('link', { name: 'Open the failed jobs' })).toHaveAttribute(
      'href',
      '/administration/jobs',
    );
    expect(card('Storage')).toHaveTextContent('6.2 kBin 4 files');
    expect(card('Storage')).toHaveTextContent('Recordings and audio4.9 kB');
    const days = within(section).getByRole('table', { name: 'Active per day, last 30 days' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayUsersStudents', 'Nov 2771', 'Nov 2600']);
    const weeks = within(section).getByRole('table', { name: 'Active per week, last 8 weeks' });
    expect(within(weeks).getByRole('rowheader')).toHaveTextContent('Week of Nov 23');
    expect(screen.getByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
  });

  it('leaves the failed jobs out for a reader the jobs policy keeps out (null)', async () => {
    signIn('SUPPORT');
    renderApp('/dashboards', ({ url }) => {
      if (url.pathname === '/api/dashboards/platform') return json({ status: true, data: { ...platform, jobs: null } });
      return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
    });
    const section = await screen.findByRole('region', { name: 'The platform at a glance' });
    expect(within(section).getByRole('group', { name: 'Storage' })).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: 'Failed jobs' })).not.toBeInTheDocument();
  });

  it('is not asked for by anyone else: a therapist, an account admin, the content team', async () => {
    for (const role of ['THERAPIST', 'ACCOUNT_ADMIN', 'EDITOR'] as const) {
      queryClient.clear();
      signIn(role, { account_id: role === 'EDITOR' ? null : 'acc' });
      const { calls } = renderApp('/dashboards', ({ url }) => {
        if (url.pathname === '/api/dashboards/account') return json({ status: true, data: account });
        return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
      });
      expect(await screen.findByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'The platform at a glance' })).not.toBeInTheDocument();
      expect(calls.map((c) => c.url.pathname)).not.toContain('/api/dashboards/platform');
      cleanup();
    }
  });
});

/** One account's figures as `GET /api/dashboards/account` answers them. */
const account = {
  as_of: platform.as_of,
  account: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Full Center',
    students: 2,
    max_students: 2,
    adults: 4,
    max_adults: 10,
  },
  users: platform.users,
  activity: platform.activity,
  storage: platform.storage,
};

describe('the account dashboard', () => {
  it('shows an account admin her account’s room, users, active people, storage and activity, above the sections', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: account.account.id });
    const { calls } = renderApp('/dashboards', ({ url }) => {
      if (url.pathname === '/api/dashboards/account') return json({ status: true, data: account });
      return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
    });
    const section = await screen.findByRole('region', { name: 'Full Center at a glance' });
    const card = (name: string) => within(section).getByRole('group', { name });
    expect(card('Room in the account')).toHaveTextContent('2students of 2');
    expect(card('Room in the account')).toHaveTextContent('Students: 2 of 2 · full: ask to raise the limit');
    expect(card('Room in the account')).toHaveTextContent('Adults: 4 of 10 · room left');
    expect(card('Users')).toHaveTextContent('Therapist3');
    expect(card('Active people')).toHaveTextContent('8users active in the last 7 days');
    expect(card('Storage')).toHaveTextContent('6.2 kBin 4 files');
    expect(within(section).getByRole('table', { name: 'Active per day, last 30 days' })).toBeInTheDocument();
    // No platform figures: neither asked for nor drawn.
    expect(within(section).queryByRole('group', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/dashboards/platform');
    expect(screen.getByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
  });

  it('is not asked for by platform staff, a therapist or the content team', async () => {
    for (const role of ['SUPERADMIN', 'THERAPIST', 'EDITOR'] as const) {
      queryClient.clear();
      signIn(role, { account_id: role === 'THERAPIST' ? 'acc' : null });
      const { calls } = renderApp('/dashboards', ({ url }) => {
        if (url.pathname === '/api/dashboards/platform') return json({ status: true, data: platform });
        return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
      });
      expect(await screen.findByRole('heading', { name: 'Your sections' })).toBeInTheDocument();
      expect(calls.map((c) => c.url.pathname)).not.toContain('/api/dashboards/account');
      cleanup();
    }
  });
});
