import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// The students analytics screen: the feature's own route under /analytics, over GET /api/analytics/students.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LEO = '22222222-2222-4222-8222-222222222222';
const MIA = '22222222-2222-4222-8222-222222222223';
const figures = (id: string, full_name: string, over: Record<string, unknown> = {}) => ({
  id,
  full_name,
  assigned: 3,
  sessions: 3,
  completed: 3,
  passed: 2,
  mean_score: 68.3,
  first_try_rate: 66.7,
  tries_per_activity: 1.5,
  minutes: 5,
  days_active: 2,
  last_day: '2026-03-11',
  evaluated: 1,
  words_out_of_place: 2,
  parts_of_speech: 1,
  syntax_error: 0,
  ...over,
});
const answer = (students: unknown[], from = '2026-10-30', to = '2026-11-28') =>
  json({ status: true, data: { from, to, students, total: students.length } });
const common = ({ url }: Call) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST', { account_id: ACCOUNT });
});
afterEach(() => vi.unstubAllGlobals());

describe('students analytics', () => {
  it('shows each student’s figures for the period, each linking to the student, and asks again for the period chosen', async () => {
    const { calls, router } = renderApp('/analytics/students', (call) => {
      const { url } = call;
      if (url.pathname === '/api/analytics/students')
        return url.searchParams.get('from') === '2026-03-10'
          ? answer([figures(LEO, 'Leo Walker', { sessions: 2, mean_score: 77.5 })], '2026-03-10', '2026-03-10')
          : answer([
              figures(LEO, 'Leo Walker'),
              figures(MIA, 'Mia Johnson', { evaluated: 0, mean_score: null, last_day: null }),
            ]);
      return common(call);
    });
    expect(await screen.findByRole('heading', { name: 'Students analytics', level: 1 })).toBeInTheDocument();
    const leo = await screen.findByRole('row', { name: /Leo Walker/ });
    expect(within(leo).getByRole('link', { name: 'Leo Walker' })).toHaveAttribute('href', `/students/${LEO}`);
    const cells = within(leo)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '3',
      '3',
      '2',
      '68.3 %',
      '66.7 %',
      '1.5',
      '5',
      '2',
      '2 order · 1 word type · 0 syntax (1 session)',
      'Mar 11, 2026',
    ]);
    const mia = screen.getByRole('row', { name: /Mia Johnson/ });
    expect(
      within(mia)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('Not in this period');
    expect(screen.getByText('Oct 30, 2026 to Nov 28, 2026 · 2 students')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('From'), '2026-03-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Mar 10, 2026 to Mar 10, 2026 · 1 student')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Leo Walker/ })).getByText('77.5 %')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-10');
    const asked = calls
      .filter((c) => c.url.pathname === '/api/analytics/students')
      .map((c) => c.url.searchParams.get('from'));
    expect(asked).toEqual([null, '2026-03-10']);
  });

  it('says when no student is in scope, and is the analytics section’s screen, not its placeholder', async () => {
    renderApp('/analytics/students?q=nobody', (call) =>
      call.url.pathname === '/api/analytics/students' ? answer([]) : common(call),
    );
    expect(await screen.findByText('No students here')).toBeInTheDocument();
    expect(screen.queryByText(/being built/)).not.toBeInTheDocument();
  });
});
