import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, signIn } from '@/test/render-app';
import { ACCOUNT, assessment } from './test-helpers';

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('assessments list', () => {
  it('lists the assessments with their status as a badge and MLU-m with 3 decimals', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/assessments/list', ({ url }) => {
      if (url.pathname === '/api/assessments')
        return listAnswer([assessment({ assessment_status: 'COMPLETED', mlu_m: 2.5 })]);
      if (url.pathname === '/api/selector') return json({ status: true, data: [] });
      return undefined;
    });
    const table = await screen.findByRole('table', { name: /sample assessments/i });
    expect(await within(table).findByText('2.500')).toBeInTheDocument();
    expect(within(table).getByText('Completed')).toBeInTheDocument();
    expect(within(table).getByText('Picture description · November')).toBeInTheDocument();
  });
});
