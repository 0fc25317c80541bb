import { DEFAULT_APP_CONFIGURATION } from '@habla/shared/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, writesOf, type Call } from '@/test/render-app';

const PATH = '/administration/appConfiguration';
/** What the API answers for a module: the seed's settings and the MAA's longest recording. */
const SETTINGS = { ...DEFAULT_APP_CONFIGURATION, max_recording_minutes: 60 };
const row = (module: string, editable: boolean, change: Record<string, unknown> = {}) => ({
  module,
  ...SETTINGS,
  ...change,
  updated_at: null as string | null,
  updated_by: null,
  _actions: editable ? ['update'] : [],
});

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

/** The app's API: the configuration, saves, and empty answers for the layout's own reads. */
function api(editable: boolean) {
  let mla = row('MLA', editable);
  return (call: Call) => {
    if (call.url.pathname === '/api/app-configuration' && call.method === 'GET')
      return json({ status: true, data: [mla, row('MAA', editable)] });
    if (call.url.pathname === '/api/app-configuration/MLA' && call.method === 'PUT') {
      mla = { ...mla, ...(call.body as object), updated_at: '2026-11-23T10:00:00.000Z' };
      return json({ status: true, data: mla, message: 'The record was saved.' });
    }
    if (call.method === 'GET') return json({ status: true, data: [], meta: { page: 0, max: 25, total: 0 } });
    return undefined;
  };
}

describe('app configuration page', () => {
  it('a superadmin sees both modules, changes the pass score of MLA and saves it with PUT; the success toast shows', async () => {
    signIn('SUPERADMIN');
    const { calls } = renderApp(PATH, api(true));
    const mla = within(await screen.findByRole('region', { name: 'MLA — learning games' }));
    const maa = within(screen.getByRole('region', { name: 'MAA — language assessment' }));
    // The longest recording is an MAA setting: on its form only (MLA sends it back as it was).
    expect(maa.getByRole('spinbutton', { name: 'Longest recording (minutes)' })).toHaveValue(60);
    expect(mla.queryByRole('spinbutton', { name: 'Longest recording (minutes)' })).toBeNull();
    const rate = mla.getByRole('spinbutton', { name: 'Pass score (%)' });
    expect(rate).toHaveValue(50);
    expect(rate).toHaveAccessibleDescription(/at least this share of its points \(0–100 %\)/);
    await userEvent.clear(rate);
    await userEvent.type(rate, '70');
    await userEvent.click(mla.getByRole('checkbox', { name: 'Show the progress bar' }));
    await userEvent.click(mla.getByRole('button', { name: 'Save MLA' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        {
          method: 'PUT',
          path: '/api/app-configuration/MLA',
          body: { ...SETTINGS, min_rate: 70, show_progress_bar: true },
        },
      ]),
    );
    expect(await screen.findByText('The record was saved.')).toBeInTheDocument();
  });

  it('checks the bounds and the order of the points before sending, naming the field', async () => {
    signIn('SUPERADMIN');
    const { calls } = renderApp(PATH, api(true));
    const mla = within(await screen.findByRole('region', { name: 'MLA — learning games' }));
    const rate = mla.getByRole('spinbutton', { name: 'Pass score (%)' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '101');
    const second = mla.getByRole('spinbutton', { name: 'Points for a right second try' });
    await userEvent.clear(second);
    await userEvent.type(second, '20');
    await userEvent.click(mla.getByRole('button', { name: 'Save MLA' }));
    expect(await mla.findByText('Pass score (%) must be at most 100.')).toBeInTheDocument();
    expect(
      mla.getByText('Points for a right second try may not be more than the points for a right first try.'),
    ).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(calls)).toEqual([]);
  });

  it('someone who may not change it sees the values read-only, with no save button', async () => {
    signIn('THERAPIST');
    renderApp(PATH, api(false));
    const maa = within(await screen.findByRole('region', { name: 'MAA — language assessment' }));
    expect(
      screen.getByText('You can see these settings; only the platform owner can change them.'),
    ).toBeInTheDocument();
    expect(maa.getByRole('spinbutton', { name: 'Points for a right first try' })).toBeDisabled();
    expect(maa.getByRole('checkbox', { name: 'Show failed attempts' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });
});
