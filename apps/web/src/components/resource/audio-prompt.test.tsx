import type { ResourceDef } from '@habla/shared/resources/define';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import type { ResourceScreen } from '@/lib/resource-screens';
import { setupTestI18n } from '@/test/i18n';
import { json, signIn, stubApi, type Call } from '@/test/render-app';
import { RecordForm } from './record-form';

/**
 * An audio field of the generic form (a game's audio prompts), on a resource declared here: it
 * records from the microphone, or has the server speak the record's question, and plays the result.
 */
const def: ResourceDef = {
  name: 'test-questions',
  controller: 'test-questions',
  titleField: 'question',
  searchable: [],
  defaultSort: { col: 'question', order: 'asc' },
  fields: [
    { name: 'question', kind: 'text', required: true, max: 200 },
    { name: 'audio_id', kind: 'file', accept: ['audio/wav', 'audio/webm', 'audio/ogg'], speakFrom: 'question' },
  ],
};
const screenDef: ResourceScreen = {
  path: 'test-questions',
  base: '/test-questions',
  resource: def,
  apiPath: '/api/test-questions',
  titleKey: 'crumbs.dictionary',
  view: 'test-questions',
};
const SPOKEN = '88888888-8888-4888-8888-888888888888';
const RECORDED = '99999999-9999-4999-8999-999999999999';
const info = (id: string, name: string, type: string) => ({
  status: true,
  data: { id, name, content_type: type, size: 4 },
});

beforeAll(async () => {
  await setupTestI18n('en');
  i18n.addResourceBundle(
    'en',
    'translation',
    { fields: { question: 'Question', audio_id: 'Audio prompt' } },
    true,
    true,
  );
});
beforeEach(() => {
  queryClient.clear();
  signIn('THERAPIST');
  URL.createObjectURL = vi.fn(() => 'blob:sound');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(handler: (call: Call) => Response | undefined) {
  const calls = stubApi((call) => {
    if (call.url.pathname === `/api/files/${SPOKEN}`)
      return json(info(SPOKEN, 'prompt-which-one-is-the-apple.wav', 'audio/wav'));
    if (call.url.pathname === `/api/files/${RECORDED}`) return json(info(RECORDED, 'recording.webm', 'audio/webm'));
    if (call.url.pathname.endsWith('/content'))
      return new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'audio/wav' } });
    return handler(call);
  });
  const onSubmit = vi.fn(async () => undefined);
  const router = createMemoryRouter([
    { path: '/', element: <RecordForm screen={screenDef} onSubmit={onSubmit} cancelTo="/" /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { calls, onSubmit };
}

/** A microphone and a recorder as a browser would give them: one chunk of sound when stopped. */
function fakeMicrophone(opts: { refuse?: boolean } = {}) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] };
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: vi.fn(async () => (opts.refuse ? Promise.reject(new Error('NotAllowedError')) : stream)),
    },
  });
  class FakeRecorder {
    mimeType = 'audio/webm;codecs=opus';
    ondataavailable: ((e: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(readonly stream: unknown) {}
    start() {}
    stop() {
      this.ondataavailable?.({ data: new Blob([new Uint8Array([26, 69, 223, 163])], { type: 'audio/webm' }) });
      this.onstop?.();
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  return track;
}

describe('an audio field', () => {
  it('speaks the question in the chosen language, plays the result and saves its file', async () => {
    const { calls, onSubmit } = renderForm(({ url, method }) =>
      url.pathname === '/api/speech' && method === 'POST'
        ? json(info(SPOKEN, 'prompt.wav', 'audio/wav'), 201)
        : undefined,
    );
    const speak = await screen.findByRole('button', { name: 'Speak the text into Audio prompt' });
    // Nothing to say yet; and without a microphone in this browser, no Record button.
    expect(speak).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Record/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Question'), 'Which one is the apple?');
    await userEvent.selectOptions(screen.getByLabelText('Voice language'), 'Spanish');
    await userEvent.click(speak);
    const player = await screen.findByLabelText('prompt-which-one-is-the-apple.wav');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', 'blob:sound');
    expect(calls.find((c) => c.url.pathname === '/api/speech')?.body).toEqual({
      text: 'Which one is the apple?',
      language: 'es',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ question: 'Which one is the apple?', audio_id: SPOKEN }]);
  });

  it('shows the server’s refusal to speak under the field', async () => {
    renderForm(({ url }) =>
      url.pathname === '/api/speech'
        ? json(
            {
              status: false,
              code: 'TOO_MANY_REQUESTS',
              errors: ['The speech synthesizer is busy. Please try again in 5 second(s).'],
            },
            429,
          )
        : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Question'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Speak the text into Audio prompt' }));
    expect(
      await screen.findByText('The speech synthesizer is busy. Please try again in 5 second(s).'),
    ).toBeInTheDocument();
  });

  it('records from the microphone, then Stop uploads the recording and releases the microphone', async () => {
    const track = fakeMicrophone();
    const { calls, onSubmit } = renderForm(({ url, method }) =>
      url.pathname === '/api/files' && method === 'POST'
        ? json(info(RECORDED, 'recording.webm', 'audio/webm'), 201)
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Record Audio prompt with the microphone' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recording… 0 s');
    const stop = screen.getByRole('button', { name: 'Stop recording Audio prompt' });
    expect(stop).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByLabelText('recording.webm')).toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
    const upload = calls.find((c) => c.url.pathname === '/api/files' && c.method === 'POST');
    expect(upload).toBeDefined();
    await userEvent.type(screen.getByLabelText('Question'), 'Say it');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ question: 'Say it', audio_id: RECORDED }]);
  });

  it('says so when the microphone is refused', async () => {
    fakeMicrophone({ refuse: true });
    renderForm(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Record Audio prompt with the microphone' }));
    expect(
      await screen.findByText('The microphone is not available. Allow it in the browser to record.'),
    ).toBeInTheDocument();
  });
});
