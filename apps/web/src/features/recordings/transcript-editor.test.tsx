import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '@/test/i18n';
import { type Call, json, signIn, stubApi, writesOf } from '@/test/render-app';
import type { Transcript, Utterance } from './recordings-api';
import { ACCOUNT, REC } from './test-helpers';
import { AUTOSAVE_MS, TranscriptEditor } from './transcript-editor';
import { bracketsBalance, formatTenths } from './transcript-model';

const URL_ = `/api/recordings/${REC}/utterances`;
const utterance = (over: Partial<Utterance> & Pick<Utterance, 'id' | 'position' | 'text'>): Utterance => ({
  start_ms: 0,
  end_ms: 1000,
  speaker: 'STUDENT',
  confidence: 0.9,
  words: [],
  code: null,
  tiers: {},
  before: [],
  ...over,
});
const word = (text: string, confidence: number) => ({ text, start_ms: null, end_ms: null, confidence });

const transcript = (version = 3): Transcript => ({
  version,
  editable: true,
  utterances: [
    utterance({
      id: 'u1',
      position: 1,
      start_ms: 1000,
      end_ms: 2000,
      speaker: 'THERAPIST',
      text: 'What is the boy doing?',
    }),
    // 19 characters over 2 s.
    utterance({
      id: 'u2',
      position: 2,
      start_ms: 2500,
      end_ms: 4500,
      text: 'He throw (the) ball',
      words: [word(' He', 0.9), word(' throw', 0.35), word(' (the)', 0.9), word(' ball', 0.95)],
    }),
    utterance({ id: 'u3', position: 3, start_ms: 5000, end_ms: 6000, text: 'to the dog' }),
  ],
});

/** The body the editor PUTs for the rows as given. */
const sent = (calls: Call[]) => writesOf(calls).filter((w) => w.method === 'PUT');
const texts = () =>
  screen.getAllByRole('textbox', { name: /^Utterance \d+ text$/ }).map((el) => (el as HTMLTextAreaElement).value);
const textOf = (n: number) => screen.getByRole('textbox', { name: `Utterance ${n} text` }) as HTMLTextAreaElement;

/** Answers GET with `current()` and PUT with the body saved as the next version (or `put()` when given). */
function serve(current: () => Transcript, put?: (call: Call) => Response | undefined) {
  return stubApi((call) => {
    if (call.url.pathname !== URL_) return undefined;
    if (call.method === 'GET') return json({ status: true, data: current() });
    const answer = put?.(call);
    if (answer) return answer;
    const body = call.body as { version: number; utterances: Omit<Utterance, 'id' | 'position'>[] };
    return json({
      status: true,
      data: {
        version: body.version + 1,
        editable: true,
        utterances: body.utterances.map((u, i) => ({ ...u, id: `s${i}`, position: i + 1 })),
      },
    });
  });
}

function renderEditor(data = transcript()) {
  const onSaved = vi.fn();
  const onPlay = vi.fn();
  render(
    <TranscriptEditor
      recordingId={REC}
      transcript={data}
      canPlay
      playing={null}
      loading={null}
      failed={null}
      onPlay={onPlay}
      onStop={() => undefined}
      onSaved={onSaved}
    />,
  );
  return { onSaved, onPlay };
}

/** Put the caret at `at` in a text and press a key there. */
function keyAt(el: HTMLTextAreaElement, at: number, key: string, init: Partial<KeyboardEventInit> = {}) {
  act(() => el.focus());
  el.setSelectionRange(at, at);
  fireEvent.keyDown(el, { key, ...init });
}

beforeAll(async () => {
  await setupTestI18n('en');
});
beforeEach(() => signIn('THERAPIST', { account_id: ACCOUNT }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('transcript model', () => {
  it('reads times to the tenth and checks the maze brackets', () => {
    expect(formatTenths(3300)).toBe('0:03.3');
    expect(formatTenths(65_049)).toBe('1:05.0');
    expect(bracketsBalance('(um) (the) dog')).toBe(true);
    expect(bracketsBalance('(um the dog')).toBe(false);
    expect(bracketsBalance(')(')).toBe(false);
  });
});

describe('transcript editor', () => {
  it('splits at the caret with Enter (times in proportion), undoes and redoes the split', async () => {
    serve(() => transcript());
    renderEditor();
    const second = textOf(2);
    keyAt(second, 9, 'Enter');

    expect(texts()).toEqual(['What is the boy doing?', 'He throw', '(the) ball', 'to the dog']);
    const rows = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    // 2.5 s + 2 s × 9/19 = 3.447 s.
    expect(rows[1]).toHaveTextContent('0:02.5–0:03.4');
    expect(rows[2]).toHaveTextContent('0:03.4–0:04.5');
    // The second part keeps the speaker and takes the focus, caret at its start.
    expect(within(rows[2]!).getByRole('combobox', { name: 'Utterance 3 speaker' })).toHaveValue('STUDENT');
    expect(textOf(3)).toHaveFocus();
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    // The engine's unsure word stays listed with its part.
    expect(rows[1]).toHaveTextContent('Check: throw (35 %)');

    fireEvent.keyDown(textOf(3), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(texts()).toEqual(['What is the boy doing?', 'He throw (the) ball', 'to the dog']);
    fireEvent.keyDown(textOf(2), { key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true });
    expect(texts()).toEqual(['What is the boy doing?', 'He throw', '(the) ball', 'to the dog']);
  });

  it('merges with the previous utterance by Backspace at the very start, and sets the speaker with Alt+2', async () => {
    serve(() => transcript());
    renderEditor();
    // Not at the start: an ordinary Backspace.
    keyAt(textOf(3), 2, 'Backspace');
    expect(texts()).toHaveLength(3);

    keyAt(textOf(3), 0, 'Backspace');
    expect(texts()).toEqual(['What is the boy doing?', 'He throw (the) ball to the dog']);
    const rows = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('0:02.5–0:06.0');
    expect(textOf(2)).toHaveFocus();
    expect(textOf(2).selectionStart).toBe('He throw (the) ball'.length);

    fireEvent.keyDown(textOf(2), { key: '™', code: 'Digit2', altKey: true });
    expect(screen.getByRole('combobox', { name: 'Utterance 2 speaker' })).toHaveValue('THERAPIST');
    fireEvent.keyDown(textOf(2), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(screen.getByRole('combobox', { name: 'Utterance 2 speaker' })).toHaveValue('STUDENT');
  });

  it('moves between utterances with Alt+arrows, warns about unbalanced brackets, plays with Ctrl+Space', async () => {
    serve(() => transcript());
    const { onPlay } = renderEditor();
    act(() => textOf(1).focus());
    fireEvent.keyDown(textOf(1), { key: 'ArrowDown', altKey: true });
    expect(textOf(2)).toHaveFocus();
    expect(textOf(2).selectionStart).toBe(textOf(2).value.length);
    fireEvent.keyDown(textOf(2), { key: ' ', code: 'Space', ctrlKey: true });
    expect(onPlay).toHaveBeenCalledWith({ key: 'u2', start_ms: 2500, end_ms: 4500 });

    fireEvent.change(textOf(2), { target: { value: 'He threw (the ball' } });
    expect(screen.getByText('The parentheses in this utterance do not match.')).toBeInTheDocument();
    expect(textOf(2)).toHaveAccessibleDescription('The parentheses in this utterance do not match.');
    // Corrected by hand: the engine's words no longer spell it, so nothing is listed to check.
    expect(screen.queryByText(/Check:/)).not.toBeInTheDocument();
  });

  it('autosaves once after the pause with the loaded version, and the next save uses the new one', async () => {
    vi.useFakeTimers();
    const calls = serve(() => transcript());
    const { onSaved } = renderEditor();
    fireEvent.change(textOf(3), { target: { value: 'to the do' } });
    fireEvent.change(textOf(3), { target: { value: 'to the dog!' } });
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 100));
    expect(sent(calls)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    const puts = sent(calls);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      version: 3,
      utterances: [
        {
          start_ms: 1000,
          end_ms: 2000,
          speaker: 'THERAPIST',
          text: 'What is the boy doing?',
          confidence: 0.9,
          words: [],
        },
        {
          start_ms: 2500,
          end_ms: 4500,
          speaker: 'STUDENT',
          text: 'He throw (the) ball',
          confidence: 0.9,
          words: transcript().utterances[1]!.words,
        },
        { start_ms: 5000, end_ms: 6000, speaker: 'STUDENT', text: 'to the dog!', confidence: 0.9, words: [] },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }));

    act(() => textOf(1).focus());
    fireEvent.keyDown(textOf(1), { key: '#', code: 'Digit3', altKey: true });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS));
    expect(sent(calls)).toHaveLength(2);
    expect((sent(calls)[1]!.body as { version: number }).version).toBe(4);
  });

  it('on a 409 shows the conflict, does not retry by itself; "Keep mine" reads the version again and saves with it', async () => {
    let theirs = 3;
    let refuse = true;
    const calls = serve(
      () => transcript(theirs),
      () =>
        refuse
          ? json({ status: false, errors: ['Someone else saved'], fields: { version: 'Someone else saved' } }, 409)
          : undefined,
    );
    renderEditor();
    theirs = 5;
    const user = userEvent.setup();
    await user.click(textOf(1));
    await user.keyboard('{Alt>}3{/Alt}');
    // Leaving the editor saves at once (no need to wait for the pause).
    await user.click(document.body);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this transcript meanwhile');
    expect(sent(calls)).toHaveLength(1);
    // No retry of its own, even after more changes and the pause.
    await user.click(textOf(2));
    await user.keyboard('!');
    await new Promise((r) => setTimeout(r, AUTOSAVE_MS + 200));
    expect(sent(calls)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');

    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Keep mine and save over theirs' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(2));
    const gets = calls.filter((c) => c.method === 'GET' && c.url.pathname === URL_);
    expect(gets).toHaveLength(1);
    expect(calls.indexOf(gets[0]!)).toBeLessThan(calls.lastIndexOf(calls.filter((c) => c.method === 'PUT').at(-1)!));
    const body = sent(calls)[1]!.body as { version: number; utterances: { speaker: string; text: string }[] };
    expect(body.version).toBe(5);
    expect(body.utterances[0]!.speaker).toBe('OTHER');
    expect(body.utterances[1]!.text).toBe('He throw (the) ball!');
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 10_000);

  it('"Load their version" asks, then replaces the text with theirs', async () => {
    const calls = serve(
      () => ({ ...transcript(7), utterances: [utterance({ id: 'x', position: 1, text: 'Their text' })] }),
      () => json({ status: false, errors: ['changed'], fields: { version: 'changed' } }, 409),
    );
    renderEditor();
    const user = userEvent.setup();
    await user.click(textOf(1));
    await user.keyboard('{Alt>}1{/Alt}');
    await user.click(document.body);
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Load their version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load their version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(texts()).toEqual(['Their text']));
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    expect(sent(calls)).toHaveLength(1);
  });

  it('points at the utterance a 400 names', async () => {
    serve(
      () => transcript(),
      () =>
        json(
          {
            status: false,
            errors: ['The form has errors'],
            fields: { 'utterances.2.end_ms': 'End comes before the start.' },
          },
          400,
        ),
    );
    renderEditor();
    const user = userEvent.setup();
    await user.click(textOf(3));
    await user.keyboard('x');
    await user.click(document.body);
    expect(await screen.findByText('Could not save: utterance 3: End comes before the start.')).toBeInTheDocument();
    expect(textOf(3)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Go to utterance 3' }));
    expect(textOf(3)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
