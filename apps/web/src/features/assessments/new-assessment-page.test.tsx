import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { type Call, json, listAnswer, renderApp, signIn, stamp, writesOf } from '@/test/render-app';
import { ACCOUNT, ASM, assessment, LEO, measures, REC, trendPoint } from './test-helpers';

const OTHER_REC = '77777777-7777-4777-8777-777777777777';
const student = { id: LEO, full_name: 'Leo Walker', username: 'leo', account_id: ACCOUNT, ...stamp };
const rec = (id: string, title: string, session_status: string) => ({
  id,
  title,
  student_id: LEO,
  session_status,
  account_id: ACCOUNT,
  ...stamp,
});

/** The students, their recordings, and the new assessment's page once created. */
const answer = (create: (call: Call) => Response) => (call: Call) => {
  const { url, method } = call;
  if (url.pathname === '/api/clients') return listAnswer([student]);
  if (url.pathname === '/api/selector') return json({ status: true, data: [] });
  if (url.pathname === '/api/recordings')
    return listAnswer([rec(REC, 'The park', 'READY'), rec(OTHER_REC, 'Still uploading', 'PENDING_AUDIO')]);
  if (method === 'POST' && url.pathname === '/api/assessments') return create(call);
  if (url.pathname === `/api/assessments/${ASM}`)
    return json({ status: true, data: assessment({ assessment_status: 'NEW' }) });
  if (url.pathname === `/api/assessments/${ASM}/measures`) return json({ status: true, data: measures() });
  if (url.pathname === `/api/assessments/${ASM}/trend`) return json({ status: true, data: [trendPoint()] });
  return undefined;
};

async function chooseStudent() {
  await userEvent.type(await screen.findByRole('combobox', { name: 'Student' }), 'Leo');
  await userEvent.click(await screen.findByRole('option', { name: 'Leo Walker' }));
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('new assessment', () => {
  it("from a recording: offers the student's transcribed recordings only, sends the recording and opens the assessment", async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { calls, router } = renderApp(
      '/assessments/list/new',
      answer(() => json({ status: true, data: assessment({ assessment_status: 'NEW' }) }, 201)),
    );
    // Nothing is sent without a student and a recording.
    await userEvent.click(await screen.findByRole('button', { name: 'Analyse the sample' }));
    expect(await screen.findByText('Student is required.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);

    await chooseStudent();
    const select = await screen.findByRole('combobox', { name: 'Recording' });
    expect(calls.find((c) => c.url.pathname === '/api/recordings')?.url.searchParams.get('student_id')).toBe(LEO);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'The park · Ready to Work']);
    await userEvent.selectOptions(select, REC);
    await userEvent.type(screen.getByLabelText('Date of the sample', { exact: false }), '2026-11-02');
    await userEvent.click(screen.getByRole('button', { name: 'Analyse the sample' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/assessments/list/${ASM}`));
    expect(writesOf(calls)).toEqual([
      { method: 'POST', path: '/api/assessments', body: { recording_id: REC, sample_date: '2026-11-02' } },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Picture description · November' }),
    ).toBeInTheDocument();
  });

  it('from a transcript: imports a .cha file as CHAT, sends the whole sample, and shows the line the server could not read beside the transcript', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { calls, router } = renderApp(
      '/assessments/list/new',
      answer(() =>
        json(
          {
            status: false,
            errors: ['Line 5: a line must start with a speaker code.'],
            code: 'VALIDATION',
            fields: { transcript: 'Line 5: a line must start with a speaker code.' },
          },
          400,
        ),
      ),
    );
    await chooseStudent();
    await userEvent.click(screen.getByRole('radio', { name: /paste or import a transcript/i }));
    expect(screen.getByRole('radio', { name: 'Plain text' })).toBeChecked();
    expect(screen.getByText('CHI: the dog ran .')).toBeInTheDocument();

    const cha = '@UTF8\n@Begin\n@Participants:\tCHI Target_Child\n*CHI:\tmore cookie .\n@End\n';
    await userEvent.upload(
      screen.getByLabelText('Import a file', { selector: 'input' }),
      new File([cha], 'eve.cha', { type: 'text/plain' }),
    );
    const transcript = screen.getByRole('textbox', { name: 'Transcript' });
    await waitFor(() => expect(transcript).toHaveValue(cha));
    expect(screen.getByRole('radio', { name: 'CHAT (.cha)' })).toBeChecked();
    // The title takes the file's name until one is typed.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('eve');
    await userEvent.selectOptions(
      within(screen.getByRole('form', { name: 'New assessment' })).getByRole('combobox', { name: /language/i }),
      'es',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Analyse the sample' }));
    expect(await screen.findByText('Line 5: a line must start with a speaker code.')).toBeInTheDocument();
    expect(transcript).toHaveAttribute('aria-invalid', 'true');
    expect(transcript).toHaveAccessibleDescription(
      expect.stringContaining('Line 5: a line must start with a speaker code.'),
    );
    expect(transcript).toHaveFocus();
    expect(router.state.location.pathname).toBe('/assessments/list/new');
    expect(writesOf(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/assessments',
        body: { student_id: LEO, title: 'eve', language: 'es', format: 'chat', transcript: cha },
      },
    ]);
  });
});
