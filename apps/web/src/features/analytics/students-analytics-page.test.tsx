import type { StudentFigures } from '@habla/shared/schemas/analytics';
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
const figures = (id: string, full_name: string, over: Partial<StudentFigures> = {}): StudentFigures => ({
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
  longest_streak: 2,
  current_streak: 0,
  evaluated: 1,
  words_out_of_place: 2,
  parts_of_speech: 1,
  syntax_error: 0,
  ...over,
});
const answer = (students: StudentFigures[], from = '2026-10-30', to = '2026-11-28') =>
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
          ? answer(
              [figures(LEO, 'Leo Walker', { sessions: 2, mean_score: 77.5, longest_streak: 1, current_streak: 0 })],
              '2026-03-10',
              '2026-03-10',
            )
          : answer([
              figures(LEO, 'Leo Walker'),
              figures(MIA, 'Mia Johnson', {
                evaluated: 0,
                mean_score: null,
                last_day: null,
                longest_streak: 0,
                current_streak: 0,
              }),
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
      '2 days',
      '0 days',
      '2 order · 1 word type · 0 syntax (1 session)',
      'Mar 11, 2026',
    ]);
    // The streaks have their own columns.
    const headings = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(headings.slice(headings.indexOf('Days played'), headings.indexOf('Days played') + 3)).toEqual([
      'Days played',
      'Longest streak',
      'Current streak',
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
    const leoThatDay = screen.getByRole('row', { name: /Leo Walker/ });
    expect(within(leoThatDay).getByText('77.5 %')).toBeInTheDocument();
    expect(within(leoThatDay).getByText('1 day')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-10');
    const asked = calls
      .filter((c) => c.url.pathname === '/api/analytics/students')
      .map((c) => c.url.searchParams.get('from'));
    expect(asked).toEqual([null, '2026-03-10']);
  });

  it('exports the figures of the period and name chosen as CSV', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { calls } = renderApp('/analytics/students?from=2026-03-10&q=leo', (call) => {
      const { url } = call;
      if (url.pathname === '/api/analytics/students') return answer([figures(LEO, 'Leo Walker')]);
      if (url.pathname === '/api/analytics/students/export')
        return new Response('\uFEFFStudent,Games given\r\nLeo Walker,3\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="students.csv"' },
        });
      return common(call);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('Leo Walker,3');
    const exported = calls.find((c) => c.url.pathname === '/api/analytics/students/export')!;
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ from: '2026-03-10', q: 'leo' });
  });

  it('says when no student is in scope, and is the analytics section’s screen, not its placeholder', async () => {
    renderApp('/analytics/students?q=nobody', (call) =>
      call.url.pathname === '/api/analytics/students' ? answer([]) : common(call),
    );
    expect(await screen.findByText('No students here')).toBeInTheDocument();
    expect(screen.queryByText(/being built/)).not.toBeInTheDocument();
  });
});

describe('a student’s progress panel', () => {
  it('shows the last 30 days on the student’s page and links to every figure', async () => {
    const leo = {
      id: LEO,
      full_name: 'Leo Walker',
      first_name: 'Leo',
      last_name: 'Walker',
      username: 'leo',
      account_id: ACCOUNT,
      status: 'ACTIVE',
      deleted_at: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
      created_by: null,
      updated_by: null,
      created_by_name: null,
      updated_by_name: null,
      _actions: ['read'],
    };
    const { calls } = renderApp(`/students/${LEO}`, (call) => {
      const { url } = call;
      if (url.pathname === `/api/clients/${LEO}`) return json({ status: true, data: leo });
      if (url.pathname === '/api/assignments')
        return json({ status: true, data: [], meta: { page: 0, max: 10, total: 0 } });
      if (url.pathname === '/api/analytics/students')
        return answer([figures(LEO, 'Leo Walker', { longest_streak: 4, current_streak: 3 })]);
      if (url.pathname === `/api/analytics/students/${LEO}/days`)
        return json({
          status: true,
          data: { student: { id: LEO, full_name: 'Leo Walker' }, from: '2026-10-30', to: '2026-11-28', days: [] },
        });
      return common(call);
    });
    const panel = await screen.findByRole('region', { name: 'Progress over the last 30 days' });
    expect(await within(panel).findByText('68.3 %')).toBeInTheDocument();
    expect(within(panel).getByText('Right at first try').nextSibling).toHaveTextContent('66.7 %');
    expect(within(panel).getByText('Current streak').nextSibling).toHaveTextContent('3 days');
    expect(within(panel).getByRole('link', { name: 'All figures' })).toHaveAttribute(
      'href',
      '/analytics/students?q=Leo%20Walker',
    );
    expect(calls.find((c) => c.url.pathname === '/api/analytics/students')!.url.searchParams.get('student_id')).toBe(
      LEO,
    );
  });
});
