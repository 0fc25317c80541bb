import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, writesOf } from '@/test/render-app';

const ID = '33333333-3333-4333-8333-333333333333';
const failedJob = (over: Record<string, unknown> = {}) => ({
  id: ID,
  name: 'email.send',
  state: 'failed',
  attempts: 6,
  max_attempts: 6,
  summary: 'password-reset · user 44444444-4444-4444-8444-444444444444',
  created_at: '2026-11-20T10:30:00.000Z',
  started_at: '2026-11-20T10:31:00.000Z',
  completed_at: '2026-11-20T10:40:00.000Z',
  run_after: '2026-11-20T10:35:00.000Z',
  reason: 'connect ECONNREFUSED 127.0.0.1:25',
  ...over,
});
const page = (data: unknown[]) => json({ status: true, data, meta: { page: 0, max: 25, total: data.length } });

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('jobs screen', () => {
  it('lists failed jobs with their reason and retries one after a confirmation', async () => {
    signIn('ADMIN');
    let retried = false;
    const { calls } = renderApp('/administration/jobs', ({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/jobs/${ID}/retry`) {
        retried = true;
        return json({
          status: true,
          data: failedJob({ state: 'queued', max_attempts: 7, reason: null }),
          message: 'The job will run again.',
        });
      }
      if (url.pathname === '/api/jobs')
        return page(url.searchParams.get('state') === 'failed' && !retried ? [failedJob()] : []);
      return url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined;
    });
    await screen.findByText('connect ECONNREFUSED 127.0.0.1:25');
    const table = screen.getByRole('table', { name: 'Jobs, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('email.send')).toBeInTheDocument();
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    expect(within(row).getByText('6 of 6')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Failed' })).toHaveAttribute('aria-selected', 'true');
    const list = calls.find((c) => c.url.pathname === '/api/jobs')!;
    expect(`${list.url.pathname}${list.url.search}`).toBe('/api/jobs?state=failed&page=0&max=25');

    await userEvent.click(within(row).getByRole('button', { name: /^retry email\.send/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Run this job again?' });
    expect(within(dialog).getByText(/failed after 6 attempt\(s\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/jobs/${ID}/retry`, body: {} }]));
    expect(await screen.findByText('The job will run again.')).toBeInTheDocument();
    expect(await screen.findByText('No job has failed.')).toBeInTheDocument();
  });

  it('switches state with the tabs, asking the server for that state', async () => {
    signIn('SUPERADMIN');
    const { calls } = renderApp('/administration/jobs', ({ url }) =>
      url.pathname === '/api/jobs'
        ? page([])
        : url.pathname === '/api/selector'
          ? json({ status: true, data: [] })
          : undefined,
    );
    await screen.findByText('No job has failed.');
    await userEvent.click(screen.getByRole('tab', { name: 'Running' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/jobs')
          .at(-1)
          ?.url.searchParams.get('state'),
      ).toBe('running'),
    );
    expect(await screen.findByText('No job is running.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^retry/i })).not.toBeInTheDocument();
  });

  it('is not offered to an account admin', async () => {
    signIn('ACCOUNT_ADMIN');
    const { calls } = renderApp('/administration/jobs', ({ url }) =>
      url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Jobs');
    expect(calls.filter((c) => c.url.pathname === '/api/jobs')).toEqual([]);
  });
});
