import type { Report, ReportDefinition } from '@habla/shared/schemas/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, type Call } from '@/test/render-app';

// Reports (decision 029): /reports asks for a progress report or the caseload summary, keeps saved
// reports and runs them, and follows the caller's reports, polling while one is being made.
const ACCOUNT = '11111111-1111-4111-8111-111111111111';
const LEO = '22222222-2222-4222-8222-222222222222';
const MIA = '22222222-2222-4222-8222-222222222223';
const R1 = '44444444-4444-4444-8444-444444444441';
const R2 = '44444444-4444-4444-8444-444444444442';
const SELECTOR = [
  { student_id: LEO, name: 'Leo Walker', workspaces: [] },
  { student_id: MIA, name: 'Mia Stone', workspaces: [] },
];
const D1 = '55555555-5555-4555-8555-555555555551';
const reportOf = (over: Partial<Report>): Report => ({
  id: R1,
  kind: 'student_progress',
  format: 'pdf',
  measures: null,
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
  expires_at: '2026-06-09T10:00:02.000Z',
  definition_id: null,
  ...over,
});
const definitionOf = (over: Partial<ReportDefinition>): ReportDefinition => ({
  id: D1,
  name: 'Leo every month',
  kind: 'student_progress',
  format: 'pdf',
  measures: null,
  student: { id: LEO, full_name: 'Leo Walker' },
  period_days: 30,
  from: null,
  to: null,
  language: 'en',
  note: null,
  last_run_at: null,
  created_at: '2026-03-11T10:00:00.000Z',
  ...over,
});
const page = <T,>(rows: T[]) => json({ status: true, data: rows, meta: { page: 0, max: 10, total: rows.length } });

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
      if (call.url.pathname === '/api/report-definitions') return page([]);
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
    const form = screen.getByRole('region', { name: 'New report' });
    expect(within(form).getByRole('radio', { name: /A student's progress/ })).toBeChecked();
    const student = within(form).getByLabelText('Student');
    await waitFor(() => expect(student).toHaveValue(MIA));
    await userEvent.selectOptions(within(form).getByLabelText('Which days'), 'custom');
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
    expect(await screen.findByRole('status')).toHaveTextContent('Progress report: Mia Stone is on its way.');
    const list = screen.getByRole('region', { name: 'Your reports' });
    expect(await within(list).findByRole('heading', { name: 'Progress report: Mia Stone' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Note for the parents')).toHaveValue('');
  });

  it('shows the server’s message beside the field it names', async () => {
    renderApp(`/reports?student_id=${LEO}`, (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/report-definitions') return page([]);
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
    const form = await screen.findByRole('region', { name: 'New report' });
    await waitFor(() => expect(within(form).getByLabelText('Student')).toHaveValue(LEO));
    await userEvent.selectOptions(within(form).getByLabelText('Which days'), 'custom');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the report' }));
    const to = within(form).getByLabelText('To');
    await waitFor(() => expect(to).toHaveAttribute('aria-invalid', 'true'));
    expect(to).toHaveAccessibleDescription('To must not be before the start of the period.');
  });

  it('follows a report being made until it is ready, then offers its download', async () => {
    let polls = 0;
    renderApp('/reports', (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/report-definitions') return page([]);
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
    const bar = await within(list).findByRole('progressbar', {
      name: 'Making the report: Progress report: Leo Walker',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(list).getByText('Being made')).toBeInTheDocument();
    expect(within(list).getByText('The report could not be made.')).toBeInTheDocument();
    // Asked again while one is running: ready, announced, downloadable.
    expect(
      await within(list).findByRole(
        'button',
        { name: 'Download Progress report: Leo Walker as PDF' },
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Progress report: Leo Walker is ready to download.');
    expect(within(list).queryByRole('progressbar')).toBeNull();
    const before = polls;
    await new Promise((r) => setTimeout(r, 2000));
    // Nothing is being made any more: no more polling.
    expect(polls).toBe(before);
  });

  it('asks for the caseload summary as a CSV over the last 7 days, and offers it as a CSV once made', async () => {
    let asked = false;
    const { calls } = renderApp('/reports', (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/report-definitions') return page([]);
      if (call.url.pathname === '/api/reports' && call.method === 'POST') {
        asked = true;
        return json(
          {
            status: true,
            data: reportOf({ kind: 'caseload_summary', format: 'csv', student: null, status: 'queued' }),
          },
          201,
        );
      }
      if (call.url.pathname === '/api/reports')
        return page(asked ? [reportOf({ kind: 'caseload_summary', format: 'csv', student: null })] : []);
      return undefined;
    });
    const form = await screen.findByRole('region', { name: 'New report' });
    await userEvent.click(within(form).getByRole('radio', { name: /Caseload summary/ }));
    // A caseload names no student and has no note; it has a format.
    expect(within(form).queryByLabelText('Student')).toBeNull();
    expect(within(form).queryByLabelText('Note for the parents')).toBeNull();
    // A PDF starts on six measures; a CSV on every one, and one is left out here.
    const measures = within(form).getByRole('group', { name: 'Measures' });
    expect(within(measures).getAllByRole('checkbox', { checked: true })).toHaveLength(6);
    expect(within(measures).getByText('6 chosen. A PDF prints at most 8 beside each name.')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Format'), 'csv');
    expect(within(measures).getAllByRole('checkbox', { checked: true })).toHaveLength(16);
    await userEvent.click(within(measures).getByRole('checkbox', { name: 'Syntax errors' }));
    expect(within(measures).getByText('15 chosen. The CSV has a column for each.')).toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('Which days'), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Make the report' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { from: string; to: string; measures: string[] };
    expect(body).toMatchObject({ kind: 'caseload_summary', format: 'csv', language: 'en' });
    expect(body).not.toHaveProperty('student_id');
    expect(body.measures).toHaveLength(15);
    expect(body.measures).not.toContain('syntaxError');
    // The 7 days up to today (UTC), both included.
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(6);
    const list = screen.getByRole('region', { name: 'Your reports' });
    expect(
      await within(list).findByRole('button', { name: 'Download Caseload summary as CSV (spreadsheet)' }),
    ).toHaveTextContent('Download CSV');
    expect(within(list).getByText(/kept until Jun 9, 2026/)).toBeInTheDocument();
  });

  it('saves the choices under a name, lists them and makes the report again in one click', async () => {
    let saved: ReportDefinition[] = [];
    const { calls } = renderApp(`/reports?student_id=${LEO}`, (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/report-definitions' && call.method === 'POST') {
        saved = [definitionOf({})];
        return json({ status: true, data: saved[0] }, 201);
      }
      if (call.url.pathname === '/api/report-definitions') return page(saved);
      if (call.url.pathname === `/api/report-definitions/${D1}/run`)
        return json({ status: true, data: reportOf({ id: R2, status: 'queued', definition_id: D1 }) }, 201);
      if (call.url.pathname === '/api/reports') return page([]);
      return undefined;
    });
    const savedList = await screen.findByRole('region', { name: 'Saved reports' });
    expect(await within(savedList).findByText(/No saved reports yet/)).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'New report' });
    await waitFor(() => expect(within(form).getByLabelText('Student')).toHaveValue(LEO));
    await userEvent.click(within(form).getByRole('button', { name: 'Save these choices' }));
    const name = within(form).getByLabelText('Name of the saved report');
    expect(name).toHaveFocus();
    await userEvent.type(name, 'Leo every month');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/report-definitions' && c.method === 'POST')).toBe(true),
    );
    expect(calls.find((c) => c.url.pathname === '/api/report-definitions' && c.method === 'POST')!.body).toEqual({
      name: 'Leo every month',
      kind: 'student_progress',
      student_id: LEO,
      language: 'en',
      period_days: 30,
    });
    expect(await within(savedList).findByRole('heading', { name: 'Leo every month' })).toBeInTheDocument();
    expect(
      within(savedList).getByText(/Progress report: Leo Walker · the last 30 days · English · PDF/),
    ).toBeInTheDocument();
    await userEvent.click(within(savedList).getByRole('button', { name: 'Make “Leo every month” now' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/run'))).toBe(true));
    expect(await screen.findByRole('status')).toHaveTextContent('Progress report: Leo Walker is on its way.');
  });

  it('deletes a report after asking', async () => {
    let gone = false;
    const { calls } = renderApp('/reports', (call: Call) => {
      if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
      if (call.url.pathname === '/api/report-definitions') return page([]);
      if (call.url.pathname === `/api/reports/${R1}` && call.method === 'DELETE') {
        gone = true;
        return json({ status: true, message: 'The record was removed for good.' });
      }
      if (call.url.pathname === '/api/reports') return page(gone ? [] : [reportOf({})]);
      return undefined;
    });
    const list = await screen.findByRole('region', { name: 'Your reports' });
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Delete the report: Progress report: Leo Walker' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await within(list).findByText('You have not asked for a report yet.')).toBeInTheDocument();
  });
});

describe('the three places of the reports screen', () => {
  const answer = (call: Call) => {
    if (call.url.pathname === '/api/report-definitions' || call.url.pathname === '/api/reports') return page([]);
    if (call.url.pathname === '/api/selector') return json({ status: true, data: SELECTOR });
    return undefined;
  };

  it('answers Report Analytics, starting on a student’s progress', async () => {
    renderApp('/analytics/reports', answer);
    const form = await screen.findByRole('region', { name: 'New report' });
    expect(within(form).getByRole('radio', { name: /A student's progress/ })).toBeChecked();
  });

  it('answers Administration → Reports, starting on the caseload summary', async () => {
    signIn('ACCOUNT_ADMIN', { account_id: ACCOUNT });
    renderApp('/administration/reports', answer);
    const form = await screen.findByRole('region', { name: 'New report' });
    expect(within(form).getByRole('radio', { name: /Caseload summary/ })).toBeChecked();
  });
});
