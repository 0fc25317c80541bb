import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setupTestI18n } from '@/test/i18n';
import { json, renderApp, signIn, writesOf } from '@/test/render-app';
import { ACCOUNT, REC, recording } from './test-helpers';

const PATH = `/assessments/recordings/${REC}`;
const peaks = btoa(String.fromCharCode(...Array.from({ length: 250 }, (_, i) => (i * 37) % 256)));
const waveform = () => json({ status: true, data: { peaks_per_second: 50, duration_ms: 125_000, peaks } });
const selector = (url: URL) => (url.pathname === '/api/selector' ? json({ status: true, data: [] }) : undefined);
const word = (text: string, confidence: number) => ({ text, start_ms: null, end_ms: null, confidence });

/** The Web Audio API as the segment player uses it (jsdom has none): records what is played. */
class FakeAudioContext {
  static played: number[] = [];
  state = 'running';
  destination = {};
  resume = async () => undefined;
  close = async () => undefined;
  createBuffer(_channels: number, length: number, rate: number) {
    return { length, sampleRate: rate, copyToChannel: () => undefined };
  }
  createBufferSource() {
    const node = {
      buffer: null as { length: number } | null,
      onended: null as (() => void) | null,
      connect: () => undefined,
      start: () => FakeAudioContext.played.push(node.buffer?.length ?? 0),
      stop: () => node.onended?.(),
    };
    return node;
  }
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => {
  queryClient.clear();
  FakeAudioContext.played = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('recording page', () => {
  it('shows a failed step with its translated reason, and Retry runs it again and follows the work', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    let retried = false;
    const { calls } = renderApp(PATH, ({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/recordings/${REC}/retry`) {
        retried = true;
        return json({
          status: true,
          data: [recording({ session_status: 'PENDING_TRANSCRIPTION', progress: 0 })],
          message: 'The recording is being processed again.',
        });
      }
      if (url.pathname === `/api/recordings/${REC}`)
        return json({
          status: true,
          data: retried
            ? recording({ session_status: 'PENDING_TRANSCRIPTION', progress: 0 })
            : recording({
                session_status: 'SENT_TRANSCRIPTION',
                progress: 0,
                failure_reason: 'recordings.errors.engineRejected',
              }),
        });
      if (url.pathname === `/api/recordings/${REC}/waveform`) return waveform();
      return selector(url);
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Picture description · The park' }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('A step failed');
    expect(alert).toHaveTextContent('The transcription service did not accept this audio.');
    // The step indicator says where it stopped, in words.
    const steps = screen.getByRole('list', { name: 'Steps of the recording' });
    const failedStep = within(steps)
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'step');
    expect(failedStep).toHaveTextContent('Transcription');
    expect(failedStep).toHaveTextContent('failed');
    expect(within(steps).getAllByText('done')).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'Waveform of the recording, 2:05 long' })).toBeInTheDocument();
    // Not workable yet: no Complete.
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(writesOf(calls)).toEqual([{ method: 'POST', path: `/api/recordings/${REC}/retry`, body: {} }]),
    );
    expect(await screen.findByText('The recording is being processed again.')).toBeInTheDocument();
    // The page follows the work again: the failure is gone and the running step shows its progress.
    expect(await screen.findByRole('progressbar', { name: 'Progress of Transcription' })).toBeInTheDocument();
    expect(screen.queryByText('A step failed')).not.toBeInTheDocument();
    expect(screen.getByText('Status: Pending Transcription')).toBeInTheDocument();
  });

  it('marks the words the transcriber was unsure of, and plays one utterance from its bytes only', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { calls } = renderApp(PATH, ({ url, method }) => {
      if (url.pathname === `/api/recordings/${REC}`) return json({ status: true, data: recording() });
      if (url.pathname === `/api/recordings/${REC}/waveform`) return waveform();
      if (url.pathname === `/api/recordings/${REC}/audio` && method === 'GET')
        return new Response(new Uint8Array(32_000), { status: 206 });
      if (url.pathname === `/api/recordings/${REC}/utterances`)
        return json({
          status: true,
          data: {
            version: 3,
            // Read-only (for instance while someone may only read it): the transcript as text.
            editable: false,
            utterances: [
              {
                id: 'u1',
                position: 1,
                start_ms: 1000,
                end_ms: 2000,
                speaker: 'THERAPIST',
                text: 'What is the boy doing?',
                confidence: 0.95,
                words: [],
              },
              {
                id: 'u2',
                position: 2,
                start_ms: 2500,
                end_ms: 4000,
                speaker: 'STUDENT',
                text: 'He throw the ball to the dog.',
                confidence: 0.8,
                words: [
                  word(' He', 0.9),
                  word(' throw', 0.31),
                  word(' the', 0.97),
                  word(' ball', 0.88),
                  word(' to', 0.9),
                  word(' the', 0.95),
                  word(' dog.', 0.49),
                ],
              },
              {
                id: 'u3',
                position: 3,
                start_ms: 4500,
                end_ms: 5200,
                speaker: 'STUDENT',
                text: 'xxx happy',
                confidence: 0.2,
                words: [],
              },
            ],
          },
        });
      return selector(url);
    });

    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    const [first, second, third] = within(transcript).getAllByRole('listitem');
    expect(first).toHaveTextContent('Therapist');
    expect(first).toHaveTextContent('0:01');
    expect(first).toHaveTextContent('What is the boy doing?');
    expect(first).not.toHaveTextContent('(unsure)');
    // Below 0.5: marked, and said to screen readers; 0.49 is below, 0.88 is not.
    expect(second).toHaveTextContent('He throw (unsure) the ball to the dog. (unsure)');
    expect(second!.querySelectorAll('mark')).toHaveLength(2);
    // No word times: the whole utterance is marked by its own confidence.
    expect(third).toHaveTextContent('xxx happy (unsure)');
    // Workable: Complete is offered.
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeInTheDocument();

    await userEvent.click(within(first!).getByRole('button', { name: 'Play utterance 1 (0:01–0:02)' }));
    expect(await within(first!).findByRole('button', { name: 'Stop utterance 1' })).toBeInTheDocument();
    const audio = calls.filter((c) => c.url.pathname === `/api/recordings/${REC}/audio`);
    // 16 kHz × 2 bytes = 32 bytes a millisecond after the 44-byte header: 1.000–2.000 s.
    expect(audio.map((c) => c.headers.Range)).toEqual(['bytes=32044-64043']);
    expect(audio[0]?.headers.Authorization).toBe('Bearer tok');
    expect(FakeAudioContext.played).toEqual([16_000]);
    await userEvent.click(within(first!).getByRole('button', { name: 'Stop utterance 1' }));
    expect(await within(first!).findByRole('button', { name: /^Play utterance 1/ })).toBeInTheDocument();
  });

  it('edits an editable transcript, and after the save shows the recording as worked on', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    let status = 'READY';
    let version = 3;
    const { calls } = renderApp(PATH, ({ url, method, body }) => {
      if (url.pathname === `/api/recordings/${REC}`)
        return json({ status: true, data: recording({ session_status: status }) });
      if (url.pathname === `/api/recordings/${REC}/waveform`) return waveform();
      if (url.pathname === `/api/recordings/${REC}/utterances` && method === 'PUT') {
        status = 'WORK_IN_PROGRESS';
        version += 1;
        const saved = (body as { utterances: Record<string, unknown>[] }).utterances.map((u, i) => ({
          ...u,
          id: `s${i}`,
          position: i + 1,
        }));
        return json({ status: true, data: { version, editable: true, utterances: saved } });
      }
      if (url.pathname === `/api/recordings/${REC}/utterances`)
        return json({
          status: true,
          data: {
            version,
            editable: true,
            utterances: [
              {
                id: 'u1',
                position: 1,
                start_ms: 1000,
                end_ms: 2000,
                speaker: 'STUDENT',
                text: 'the dog',
                confidence: 0.9,
                words: [],
              },
            ],
          },
        });
      return selector(url);
    });

    const text = await screen.findByRole('textbox', { name: 'Utterance 1 text' });
    expect(screen.getByText('Status: Ready to Work')).toBeInTheDocument();
    await userEvent.type(text, '!');
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'PUT',
      body: { version: 3, utterances: [{ text: 'the dog!', speaker: 'STUDENT' }] },
    });
    expect(await screen.findByText('Status: Work in Progress')).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('replaces the transcript with a CHAT file after asking, sending the version it replaces, and the editor shows the file', async () => {
    signIn('THERAPIST', { account_id: ACCOUNT });
    const { calls } = renderApp(PATH, ({ url, method, body }) => {
      if (url.pathname === `/api/recordings/${REC}`)
        return json({ status: true, data: recording({ session_status: 'READY' }) });
      if (url.pathname === `/api/recordings/${REC}/waveform`) return waveform();
      if (url.pathname === `/api/recordings/${REC}/transcript` && method === 'POST') {
        expect((body as { text: string }).text).toContain('*CHI:\tmore cookie .');
        return json({
          status: true,
          data: {
            version: 4,
            editable: true,
            utterances: [
              {
                id: 'c1',
                position: 1,
                start_ms: null,
                end_ms: null,
                speaker: 'STUDENT',
                text: 'more cookie .',
                confidence: null,
                words: [],
                code: 'CHI',
              },
            ],
          },
          message: 'Saved.',
        });
      }
      if (url.pathname === `/api/recordings/${REC}/utterances`)
        return json({
          status: true,
          data: {
            version: 3,
            editable: true,
            utterances: [
              {
                id: 'u1',
                position: 1,
                start_ms: 1000,
                end_ms: 2000,
                speaker: 'STUDENT',
                text: 'the dog',
                confidence: 0.9,
                words: [],
              },
            ],
          },
        });
      return selector(url);
    });
    expect(await screen.findByRole('textbox', { name: 'Utterance 1 text' })).toHaveValue('the dog');
    const cha = new File(['@UTF8\n@Begin\n@Participants:\tCHI Target_Child\n*CHI:\tmore cookie .\n@End\n'], 'eve.cha', {
      type: 'text/plain',
    });
    await userEvent.upload(screen.getByLabelText('Import a transcript', { selector: 'input' }), cha);
    const dialog = await screen.findByRole('dialog', { name: 'Replace the transcript?' });
    expect(writesOf(calls)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'POST',
      path: `/api/recordings/${REC}/transcript`,
      body: { format: 'chat', version: 3 },
    });
    expect(await screen.findByRole('textbox', { name: 'Utterance 1 text' })).toHaveValue('more cookie .');
  });
});
