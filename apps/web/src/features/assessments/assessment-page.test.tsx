import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { type Call, json, renderApp, signIn, writesOf } from '@/test/render-app';
import { ACCOUNT, ASM, assessment, EARLIER, measures, trendPoint } from './test-helpers';

const PATH = `/assessments/list/${ASM}`;
const selector = (url: URL) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);
const trend = [
  trendPoint({
    id: EARLIER,
    title: 'Story retell · June',
    sample_date: '2026-06-10',
    current: false,
    mlu_m: 1.9,
    mlu_w: 1.7,
    brown_stage: 'I',
  }),
  trendPoint(),
];
const puts = (calls: Call[]) => writesOf(calls).filter((w) => w.method === 'PUT');

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('assessment page', () => {
  it('shows the measures with what each one means, the utterances, the conclusions and the progress over time', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp(PATH, ({ url }) => {
      if (url.pathname === `/api/assessments/${ASM}`) return json({ status: true, data: assessment() });
      if (url.pathname === `/api/assessments/${ASM}/measures`) return json({ status: true, data: measures() });
      if (url.pathname === `/api/assessments/${ASM}/trend`) return json({ status: true, data: trend });
      return selector(url);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Picture description · November' }),
    ).toBeInTheDocument();
    const glance = await screen.findByRole('region', { name: 'Measures at a glance' });
    expect(await within(glance).findByText('MLU in morphemes')).toBeInTheDocument();
    expect(within(glance).getByText('2.667')).toBeInTheDocument();
    expect(within(glance).getByText('8 morphemes in 3 utterances')).toBeInTheDocument();
    expect(within(glance).getByText(/The average number of meaningful parts per utterance/)).toBeInTheDocument();
    expect(within(glance).getByText('1 left out')).toBeInTheDocument();
    expect(within(glance).getByText('Stage II')).toBeInTheDocument();
    expect(within(glance).getByText('27–30 months')).toBeInTheDocument();
    // No MATTR below 50 words.
    expect(within(glance).getByText('Needs at least 50 words.')).toBeInTheDocument();
    // Only the tenses used.
    const tenses = within(glance).getByRole('heading', { name: 'Verb tenses used' }).nextElementSibling as HTMLElement;
    expect(
      within(tenses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Simple present2', 'Simple past1']);
    expect(within(glance).getByText('Morphemes read from the words (no %mor tier).')).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Utterances of the analysed speaker' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('the dog runs .');
    expect(rows[0]).toHaveTextContent('4 morphemes · Affirmative · Simple present');
    expect(rows[3]).toHaveTextContent('Left out: unintelligible');
    expect(within(rows[0]!).getByRole('button', { name: 'Syntax' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(rows[1]!).getByRole('group', { name: 'Errors in utterance 4' })).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'Syntax' })).toHaveValue('MLU of 2.5 morphemes.');

    const progress = screen.getByRole('region', { name: 'Progress over time' });
    expect(
      within(progress).getByRole('img', { name: /MLU in morphemes over 2 assessments: from 1\.90/ }),
    ).toBeInTheDocument();
    const current = within(progress)
      .getAllByRole('row')
      .find((r) => r.getAttribute('aria-current') === 'true');
    expect(current).toHaveTextContent('Picture description · November (this assessment)');
    expect(within(progress).getByRole('link', { name: 'Story retell · June' })).toHaveAttribute(
      'href',
      `/assessments/list/${EARLIER}`,
    );
  });

  it('saves the whole coding with its version after a toggle; on a conflict offers their version or mine, and keeping mine saves over theirs', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    let version = 4;
    let conflict = true;
    const { calls } = renderApp(PATH, ({ url, method, body }) => {
      if (url.pathname === `/api/assessments/${ASM}`) return json({ status: true, data: assessment() });
      if (url.pathname === `/api/assessments/${ASM}/errors` && method === 'PUT') {
        if (conflict) {
          conflict = false;
          version = 7;
          return json(
            {
              status: false,
              errors: ['Someone else changed the coded errors.'],
              code: 'CONFLICT',
              fields: { version: 'Someone else changed the coded errors.' },
            },
            409,
          );
        }
        version += 1;
        return json({
          status: true,
          data: measures({
            errors_version: version,
            utterance_list: measures().utterance_list.map((u) => ({
              ...u,
              errors: (body as { errors: Record<string, string[]> }).errors[u.index] ?? [],
            })) as never,
          }),
        });
      }
      if (url.pathname === `/api/assessments/${ASM}/measures`)
        return json({ status: true, data: measures({ errors_version: version }) });
      if (url.pathname === `/api/assessments/${ASM}/trend`) return json({ status: true, data: [trendPoint()] });
      return selector(url);
    });
    const group = await screen.findByRole('group', { name: 'Errors in utterance 4' });
    expect(
      screen.getByText("This is the student's only assessment so far: there is nothing to compare yet."),
    ).toBeInTheDocument();
    const grammar = within(group).getByRole('button', { name: 'Grammar' });
    expect(grammar).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(grammar);
    expect(grammar).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    // The whole coding (utterance 1 already had a syntax error), with the version it was loaded at.
    expect(puts(calls)[0]).toEqual({
      method: 'PUT',
      path: `/api/assessments/${ASM}/errors`,
      body: { version: 4, errors: { '1': ['syntax'], '3': ['grammar'] } },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else coded errors on this assessment meanwhile');
    expect(within(alert).getByRole('button', { name: 'Load their version' })).toBeInTheDocument();
    // The toggles wait for the decision.
    expect(grammar).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine and save over theirs' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ version: 7, errors: { '1': ['syntax'], '3': ['grammar'] } });
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(grammar).toHaveAttribute('aria-pressed', 'true');
  });

  it('Complete asks first, then the coding and the conclusions are read-only and Reopen is offered', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    let status = 'WORK_IN_PROGRESS';
    const { calls } = renderApp(PATH, ({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/assessments/${ASM}/complete`) {
        status = 'COMPLETED';
        return json({
          status: true,
          data: [assessment({ assessment_status: status })],
          message: 'The assessment is completed.',
        });
      }
      if (url.pathname === `/api/assessments/${ASM}`)
        return json({ status: true, data: assessment({ assessment_status: status }) });
      if (url.pathname === `/api/assessments/${ASM}/measures`)
        return json({ status: true, data: measures({ editable: status !== 'COMPLETED' }) });
      if (url.pathname === `/api/assessments/${ASM}/trend`)
        return json({ status: true, data: [trendPoint({ assessment_status: status })] });
      return selector(url);
    });
    const group = await screen.findByRole('group', { name: 'Errors in utterance 2' });
    expect(within(group).getByRole('button', { name: 'Syntax' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save conclusions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete the assessment?' });
    expect(writesOf(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as completed' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/assessments/${ASM}/complete`, body: {} }]),
    );

    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText('Status: Completed')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Errors in utterance 2' })).getByRole('button', { name: 'Syntax' }),
      ).toBeDisabled(),
    );
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save conclusions' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveAttribute('readonly');
    expect(screen.getByText('Read-only: the coded errors cannot be changed now.')).toBeInTheDocument();
  });

  it('saves the changed conclusions with PATCH', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { calls } = renderApp(PATH, ({ url, method }) => {
      if (method === 'PATCH' && url.pathname === `/api/assessments/${ASM}`)
        return json({ status: true, data: assessment({ recommendation: 'Weekly sessions.' }), message: 'Saved.' });
      if (url.pathname === `/api/assessments/${ASM}`) return json({ status: true, data: assessment() });
      if (url.pathname === `/api/assessments/${ASM}/measures`) return json({ status: true, data: measures() });
      if (url.pathname === `/api/assessments/${ASM}/trend`) return json({ status: true, data: [trendPoint()] });
      return selector(url);
    });
    const save = await screen.findByRole('button', { name: 'Save conclusions' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Recommendation' }), 'Weekly sessions.');
    await userEvent.click(save);
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([
        { method: 'PATCH', path: `/api/assessments/${ASM}`, body: { recommendation: 'Weekly sessions.' } },
      ]),
    );
    expect(await screen.findByText('Conclusions saved.')).toBeInTheDocument();
  });
});
