import type { UserFigures } from '@habla/shared/schemas/user-analytics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// Users analytics: the feature's route under /analytics over GET /api/analytics/users (decision 028).
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const user = (over: Partial<UserFigures> = {}): UserFigures => ({
  id: '55555555-5555-4555-8555-555555555555',
  full_name: 'Tess Moreno',
  role: 'THERAPIST',
  students: 2,
  assigned: 1,
  evaluated: 1,
  waiting: 1,
  recordings: 1,
  assessments: 0,
  last_active: '2026-04-08T15:00:00.000Z',
  ...over,
});
const common = ({ url }: Call) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
});
afterEach(() => vi.unstubAllGlobals());

describe('users analytics', () => {
  it('shows what each person did and what waits for them, and asks again for one role', async () => {
    const { calls } = renderApp('/analytics/users', (call) => {
      if (call.url.pathname === '/api/analytics/users')
        return json({
          status: true,
          data: {
            from: '2026-03-10',
            to: '2026-04-08',
            users: [
              user(),
              user({ id: 'x', full_name: 'Ada Admin', role: 'ACCOUNT_ADMIN', students: 0, last_active: null }),
            ],
            total: 2,
          },
        });
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Users analytics', level: 1 })).toBeInTheDocument();
    const tess = await screen.findByRole('row', { name: /Tess Moreno/ });
    expect(
      within(tess)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Therapist', '2', '1', '1', '1', '1', '0', 'Apr 8, 2026']);
    const ada = screen.getByRole('row', { name: /Ada Admin/ });
    expect(within(ada).getAllByRole('cell').at(-1)?.textContent).toBe('Never');
    expect(screen.getByText('Mar 10, 2026 to Apr 8, 2026 · 2 people')).toBeInTheDocument();
    // Students are not among the roles to choose.
    expect(screen.queryByRole('option', { name: 'Student' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'THERAPIST');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.searchParams.get('role') === 'THERAPIST')).toBe(true));
  });
});
