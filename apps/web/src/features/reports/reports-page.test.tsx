import type { Report } from '@habla/shared/schemas/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// Reports (decision 029): /reports asks for a progress report and follows the caller's reports,
// polling while one is being made.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LEO = '22222222-2222-4222-8222-222222222222';
const MIA = '22222222-2222-4222-8222-222222222223';
const R1 = '44444444-4444-4444-8444-444444444441';
const R2 = '44444444-4444-4444-8444-444444444442';
const SELECTOR = [
  { student_id: LEO, name: 'Leo Walker', workspaces: [] },
  { student_id: MIA, name: 'Mia Stone', workspaces: [] },
];
const reportOf = (over: Partial<Report>): Report => ({
  id: R1,
  kind: 'student_progress',
  status: 'done',
  progress: 100,
  student: { id: LEO, full_name: 'Leo Walker' },
  from: '2026-02-10',
  to: '2026-03-11',
  language: 'en',
  note: null,
  failure: null,
  size: 5000,
  created_at: '2026-03-11T10:00:00.000Z',
  finished_at: '2026-03-11T10:00:02.000Z',
  ...over,
});
const page = (rows: Report[]) => json({ status: true, data: rows, meta: { page: 0, max: 10, total: rows.length } });

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST', { account_id: ACCOUNT });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the reports screen', () => {
  it('asks for a progress report of the student chosen on their page, with the period, language and note', async () => {
    let asked = false;
    const { calls } = renderApp(`/reports?student_id=${MIA}`, (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/reports' && call.method === 'POST') {
        asked = true;
        return json(
          {
            status: true,
            data: reportOf({ id: R2, status: 'queued', progress: 0, student: { id: MIA, full_name: 'Mia Stone' } }),
          },
          201,
        );
      }
      if (call.url.pathname === '/api/reports')
        return page(asked ? [reportOf({ id: R2, status: 'done', student: { id: MIA, full_name: 'Mia Stone' } })] : []);
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for a report yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'New progress report' });
    const student = within(form).getByLabelText('Student');
    await waitFor(() => expect(student).toHaveValue(MIA));
    await userEvent.type(within(form).getByLabelText('From'), '2026-03-01');
    await userEvent.type(within(form).getByLabelText('To'), '2026-03-11');
    await userEvent.selectOptions(within(form).getByLabelText('Language of the report'), 'es');
    await userEvent.type(within(form).getByLabelText('Note for the parents'), 'Muy bien.');
    expect(within(form).getByText('9 of 2,000 characters. Printed at the end of the report.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Make the report' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'student_progress',
      student_id: MIA,
      from: '2026-03-01',
      to: '2026-03-11',
      language: 'es',
      note: 'Muy bien.',
    });
    // Said in the live region, and the list asked again.
    expect(await screen.findByRole('status')).toHaveTextContent('The progress report of Mia Stone is on its way.');
    const list = screen.getByRole('region', { name: 'Your reports' });
    expect(await within(list).findByRole('heading', { name: 'Progress report: Mia Stone' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Note for the parents')).toHaveValue('');
  });

  it('shows the server’s message beside the field it names', async () => {
    renderApp(`/reports?student_id=${LEO}`, (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/reports' && call.method === 'POST')
        return json(
          {
            status: false,
            errors: ['To must not be before the start of the period.'],
            fields: { to: 'To must not be before the start of the period.' },
          },
          400,
        );
      if (call.url.pathname === '/api/reports') return page([]);
      return undefined;
    });
    const form = await screen.findByRole('region', { name: 'New progress report' });
    await waitFor(() => expect(within(form).getByLabelText('Student')).toHaveValue(LEO));
    await userEvent.click(within(form).getByRole('button', { name: 'Make the report' }));
    const to = within(form).getByLabelText('To');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('To must not be before the start of the period.');
  });

  it('follows a report being made until it is ready, then offers its download', async () => {
    let polls = 0;
    renderApp('/reports', (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/reports') {
        polls++;
        if (polls === 1)
          return page([
            reportOf({ status: 'running', progress: 40 }),
            reportOf({ id: R2, status: 'failed', failure: 'The report could not be made.' }),
          ]);
        return page([reportOf({}), reportOf({ id: R2, status: 'failed', failure: 'The report could not be made.' })]);
      }
      return undefined;
    });
    const list = await screen.findByRole('region', { name: 'Your reports' });
    const bar = await within(list).findByRole('progressbar', { name: 'Making the report of Leo Walker' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(list).getByText('Being made')).toBeInTheDocument();
    expect(within(list).getByText('The report could not be made.')).toBeInTheDocument();
    // Asked again while one is running: ready, announced, downloadable.
    expect(
      await within(list).findByRole(
        'button',
        { name: "Download the PDF of Leo Walker's progress report" },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The progress report of Leo Walker is ready to download.');
    expect(within(list).queryByRole('progressbar')).toBeNull();
    const before = polls;
    await new Promise((r) => setTimeout(r, 2000));
    // Nothing is being made any more: no more polling.
    expect(polls).toBe(before);
  });
});
