import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, listAnswer, renderApp, signIn, stamp } from '@/test/render-app';
import { ACCOUNT, LEO, REC, recording } from './test-helpers';

type Answer = { status: number; body: unknown };

/**
 * XMLHttpRequest as the upload uses it: records what is sent (method, URL, headers, form) and
 * answers with the next queued answer after reporting the upload's progress.
 */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; form: FormData }[] = [];
  static answers: Answer[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, form });
    const answer = FakeXhr.answers.shift() ?? { status: 500, body: null };
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 10);
  }
}

const student = { id: LEO, full_name: 'Leo Walker', username: 'leo', account_id: ACCOUNT, ...stamp };
const handler = ({ url, method }: { url: URL; method: string }) => {
  if (url.pathname === '/api/clients') return listAnswer([student]);
  if (url.pathname === '/api/selector') return json({ status: true, data: [] });
  if (url.pathname === '/api/app-configuration/MAA')
    return json({ status: true, data: { module: 'MAA', max_recording_minutes: 45 } });
  if (method === 'GET' && url.pathname === `/api/recordings/${REC}`)
    return json({ status: true, data: recording({ session_status: 'RECORDED', progress: 0 }) });
  return undefined;
};
const wav = () => new File([new Uint8Array(64)], 'park.wav', { type: 'audio/wav' });

async function chooseStudent() {
  await userEvent.type(await screen.findByRole('combobox', { name: 'Student' }), 'Leo');
  await userEvent.click(await screen.findByRole('option', { name: 'Leo Walker' }));
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  FakeXhr.sent = [];
  FakeXhr.answers = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('new recording', () => {
  it('sends nothing without a student, an audio file and the consent, and says what is missing', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/assessments/recordings/new', handler);
    // The recorder's limit is the MAA configuration's.
    expect(await screen.findByText("With this device's microphone, up to 45 minutes.")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send recording' }));
    expect(await screen.findByText('Student is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose the audio file to send.')).toBeInTheDocument();
    expect(screen.getByText("Confirm that the student's guardian consents to this recording.")).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Student' })).toHaveAttribute('aria-invalid', 'true');
    // The first field to fix has the focus.
    expect(screen.getByRole('combobox', { name: 'Student' })).toHaveFocus();

    // A student alone is not enough either.
    await chooseStudent();
    await userEvent.click(screen.getByRole('button', { name: 'Send recording' }));
    expect(await screen.findByText('Choose the audio file to send.')).toBeInTheDocument();
    expect(screen.queryByText('Student is required.')).not.toBeInTheDocument();
    expect(FakeXhr.sent).toEqual([]);
  });

  it("shows the server's refusal of the consent under the checkbox, then sends and opens the recording", async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { router } = renderApp('/assessments/recordings/new', handler);
    await chooseStudent();
    await userEvent.upload(screen.getByLabelText(/choose an audio file/i), wav());
    expect(await screen.findByText('park.wav')).toBeInTheDocument();
    // The title takes the file's name until one is typed.
    expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue('park');
    await userEvent.selectOptions(
      within(screen.getByRole('form', { name: 'New recording' })).getByRole('combobox', { name: /language/i }),
      'es',
    );
    const consent = screen.getByRole('checkbox', { name: "The student's guardian has consented to this recording" });
    await userEvent.click(consent);

    FakeXhr.answers.push({
      status: 400,
      body: {
        status: false,
        errors: ['The guardian’s consent is required.'],
        code: 'VALIDATION',
        fields: { consent: 'The guardian’s consent is required.' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send recording' }));
    expect(await screen.findByText('The guardian’s consent is required.')).toBeInTheDocument();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(expect.stringContaining('The guardian’s consent is required.'));
    expect(router.state.location.pathname).toBe('/assessments/recordings/new');

    const [first] = FakeXhr.sent;
    expect(first?.method).toBe('POST');
    expect(first?.url).toBe('/api/recordings');
    expect(first?.headers.Authorization).toBe('Bearer tok');
    expect(Object.fromEntries([...first!.form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      student_id: LEO,
      title: 'park',
      language: 'es',
      consent: 'true',
    });
    expect((first!.form.get('file') as File).name).toBe('park.wav');

    FakeXhr.answers.push({
      status: 201,
      body: { status: true, data: recording({ session_status: 'RECORDED', progress: 0 }), message: 'Created.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send recording' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/assessments/recordings/${REC}`));
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('refuses a file that is not audio before sending it', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    renderApp('/assessments/recordings/new', handler);
    await userEvent.upload(
      await screen.findByLabelText(/choose an audio file/i),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(await screen.findByText('This file is not one of the accepted audio types.')).toBeInTheDocument();
    expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument();
  });
});
