import { screen, waitFor } from '@testing-library/react';
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
