import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, signIn, type Call } from '@/test/render-app';
import { ACCOUNT, recording } from './test-helpers';

const OTHER = '77777777-7777-4777-8777-777777777777';
const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/recordings').length;
const selector = (url: URL) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('recordings list', () => {
  it('follows the page every 3 s while a recording on it is processed, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('THERAPIST', { account_id: ACCOUNT });
    let running = true;
    const { calls } = renderApp('/assessments/recordings', ({ url }) =>
      url.pathname === '/api/recordings'
        ? listAnswer([
            recording({
              session_status: running ? 'PENDING_AUDIO' : 'READY',
              progress: running ? 40 : 100,
              duration_ms: running ? null : 125_000,
            }),
            recording({ id: OTHER, title: 'Story retell', session_status: 'COMPLETED', duration_ms: 3_599_000 }),
          ])
        : selector(url),
    );
    const table = await screen.findByRole('table', { name: /recordings/i });
    // The feature's cell: the status with the running step's progress.
    expect(await within(table).findByText('40 %')).toBeInTheDocument();
    expect(within(table).getByText('Pending Audio')).toBeInTheDocument();
    expect(within(table).getByText('59:59')).toBeInTheDocument();
    expect(lists(calls)).toBe(1);

    await vi.advanceTimersByTimeAsync(3100);
    await waitFor(() => expect(lists(calls)).toBe(2));
    running = false;
    await vi.advanceTimersByTimeAsync(3100);
    expect(await within(table).findByText('Ready to Work')).toBeInTheDocument();
    expect(within(table).getByText('2:05')).toBeInTheDocument();
    expect(lists(calls)).toBe(3);
    // Nothing is being processed any more: no more requests, however long the page stays open.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(lists(calls)).toBe(3);
  });

  it('shows a failed row with its translated reason, and does not keep asking for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { calls } = renderApp('/assessments/recordings', ({ url }) =>
      url.pathname === '/api/recordings'
        ? listAnswer([
            recording({ session_status: 'PENDING_AUDIO', failure_reason: 'recordings.errors.tooLong', progress: 0 }),
          ])
        : selector(url),
    );
    const table = await screen.findByRole('table', { name: /recordings/i });
    expect(await within(table).findByText('Failed · Pending Audio')).toBeInTheDocument();
    expect(
      within(table).getByText('The recording is longer than 60 minutes, the longest this account takes.'),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lists(calls)).toBe(1);
  });

  it('is a card of the Assessments section and an entry of its menu', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/assessments', ({ url }) => selector(url));
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    const card = await within(screen.getByRole('main')).findByRole('link', { name: 'Recordings' });
    expect(card).toHaveAttribute('href', '/assessments/recordings');
    expect(
      within(screen.getAllByRole('navigation', { name: 'Main menu' })[0]!).getByRole('link', {
        name: 'Recordings',
        hidden: true,
      }),
    ).toHaveAttribute('href', '/assessments/recordings');
  });

  it('offers a therapist New, which leads to the upload page', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/assessments/recordings', ({ url }) =>
      url.pathname === '/api/recordings' ? listAnswer([recording()]) : selector(url),
    );
    expect(await screen.findByRole('link', { name: 'New' })).toHaveAttribute('href', '/assessments/recordings/new');
  });

  it('gives support staff, who may only read recordings, no New', async () => {
    signIn('SUPPORT');
    renderApp('/assessments/recordings', ({ url }) =>
      url.pathname === '/api/recordings' ? listAnswer([recording()]) : selector(url),
    );
    await screen.findByRole('cell', { name: 'Picture description · The park' });
    expect(screen.queryByRole('link', { name: 'New' })).not.toBeInTheDocument();
  });
});
