import { SPEAKERS, type Speaker } from '@habla/shared/resources/recordings';
import { clsx } from 'clsx';
import { CircleAlert, Play, Square, TriangleAlert } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConflictBanner } from '@/components/ui/conflict-banner';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';
import { useVersionedSave } from '@/lib/use-versioned-save';
import { formatClock } from './format';
import { RECORDINGS_API, type Transcript } from './recordings-api';
import { LOW_CONFIDENCE, wordsOf } from './transcript-view';
import {
  type Action,
  bracketsBalance,
  formatTenths,
  initialState,
  newKey,
  reduce,
  type Row,
  rowsOf,
  toInput,
} from './transcript-model';

/** How long after the last change the transcript is saved. */
export const AUTOSAVE_MS = 1500;

type Segment = { key: string; start_ms: number; end_ms: number };

type Props = {
  recordingId: string;
  transcript: Transcript;
  /** Whether the audio can be played in stretches (the decoded WAV exists). */
  canPlay: boolean;
  playing: string | null;
  loading: string | null;
  failed: string | null;
  onPlay: (segment: Segment) => void;
  onStop: () => void;
  /** A save went through (or another editor's version was loaded): the transcript as the server has it now. */
  onSaved: (transcript: Transcript) => void;
  /** Whether there is work not yet saved (changes, a save on its way, a conflict): the page holds Complete back
   * meanwhile. */
  onPendingChange?: (pending: boolean) => void;
};

const SHORTCUTS = {
  play: 'Control+Space Alt+P',
  move: 'Alt+ArrowDown Alt+ArrowUp',
  speaker: 'Alt+1 Alt+2 Alt+3',
  text: 'Enter Backspace Control+Z Control+Shift+Z Control+Y',
};

/**
 * The transcript, editable: one row per utterance with its number, time, speaker, a play
 * button and its text; split, merge, speaker and history from the keyboard; saved whole 1.5 s after
 * the last change with the version it was read at, and never over another editor's save unasked.
 */
export function TranscriptEditor({
  recordingId,
  transcript,
  canPlay,
  playing,
  loading,
  failed,
  onPlay,
  onStop,
  onSaved,
  onPendingChange,
}: Props) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(reduce, transcript.utterances, (u) => initialState(rowsOf(u)));
  const { rows } = state;
  const [current, setCurrent] = useState<string | null>(null);
  const { dirty, saving, problem, conflict, reloading, flush, loadTheirs, keepMine } = useVersionedSave({
    value: rows,
    version: transcript.version,
    delayMs: AUTOSAVE_MS,
    save: async (value, version) =>
      (
        await api.put<{ data: Transcript }>(
          `${RECORDINGS_API}/${recordingId}/utterances`,
          { version, utterances: toInput(value) },
          { silent: true },
        )
      ).data,
    load: async () =>
      (await api.get<{ data: Transcript }>(`${RECORDINGS_API}/${recordingId}/utterances`, { silent: true })).data,
    versionOf: (answer) => answer.version,
    onSaved,
    onLoadTheirs: (fresh) => {
      const next = rowsOf(fresh.utterances);
      dispatch({ type: 'reset', rows: next });
      onSaved(fresh);
      return next;
    },
    onPendingChange,
  });
  // A refused utterance (`utterances.3.text`) is pointed at on its row.
  const refused = problem?.kind === 'error' && problem.field ? /^utterances\.(\d+)/.exec(problem.field) : null;
  const problemRow = refused ? Number(refused[1]) : null;

  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const focusNext = useRef<{ key?: string; index: number; caret: number | 'end' } | null>(null);

  // Focus (and the caret) follow a split, merge, move or undo.
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const row = rows.find((r) => r.key === target.key) ?? rows[Math.min(target.index, rows.length - 1)];
    const el = row && inputs.current.get(row.key);
    if (!el) return;
    el.focus();
    const caret = target.caret === 'end' ? el.value.length : target.caret;
    el.setSelectionRange(caret, caret);
  }, [rows, state]);

  const act = (action: Action, focus?: { key?: string; index: number; caret: number | 'end' }) => {
    if (focus) focusNext.current = focus;
    dispatch(action);
  };

  const focusRow = (index: number) => {
    const row = rows[index];
    const el = row && inputs.current.get(row.key);
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  };

  const togglePlay = (row: Row) => {
    if (playing === row.key || loading === row.key) onStop();
    else if (canPlay && row.start_ms !== null && row.end_ms !== null && row.end_ms > row.start_ms)
      onPlay({ key: row.key, start_ms: row.start_ms, end_ms: row.end_ms });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    const index = rows.findIndex((r) => r.key === current);
    const row = rows[index];
    const code = e.code || '';
    if (
      mod &&
      !e.altKey &&
      (code === 'KeyZ' ||
        e.key.toLowerCase() === 'z' ||
        (!e.shiftKey && (code === 'KeyY' || e.key.toLowerCase() === 'y')))
    ) {
      e.preventDefault();
      const redo = e.shiftKey || code === 'KeyY' || e.key.toLowerCase() === 'y';
      if (redo ? state.future.length : state.past.length)
        act({ type: redo ? 'redo' : 'undo' }, { key: current ?? undefined, index: Math.max(0, index), caret: 'end' });
      return;
    }
    if (!row) return;
    if (
      (e.ctrlKey && (code === 'Space' || e.key === ' ')) ||
      (e.altKey && !mod && (code === 'KeyP' || e.key === 'p'))
    ) {
      e.preventDefault();
      togglePlay(row);
    } else if (e.altKey && !mod && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      focusRow(Math.max(0, Math.min(rows.length - 1, index + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.altKey && !mod) {
      const digit = code.startsWith('Digit') ? Number(code.slice(5)) : Number(e.key);
      const speaker = SPEAKERS[digit - 1];
      if (digit >= 1 && speaker) {
        e.preventDefault();
        act({ type: 'speaker', key: row.key, speaker });
      }
    }
  };

  const onTextKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>, row: Row, index: number) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.nativeEvent.isComposing) return;
    const el = e.currentTarget;
    if (e.key === 'Enter') {
      e.preventDefault();
      const key = newKey();
      act({ type: 'split', key: row.key, caret: el.selectionStart, newKey: key }, { key, index: index + 1, caret: 0 });
    } else if (e.key === 'Backspace' && index > 0 && el.selectionStart === 0 && el.selectionEnd === 0) {
      e.preventDefault();
      const previous = rows[index - 1]!;
      act(
        { type: 'merge', key: row.key },
        { key: previous.key, index: index - 1, caret: previous.text.trimEnd().length },
      );
    }
  };

  const status = saving
    ? t('recordings.editor.saving')
    : problem?.kind === 'error'
      ? t('recordings.editor.failed', {
          message:
            problemRow !== null
              ? t('recordings.editor.fieldError', { n: problemRow + 1, message: problem.message })
              : problem.message,
        })
      : dirty
        ? t('recordings.editor.unsaved')
        : t('recordings.editor.saved');

  return (
    <div
      className="flex flex-col gap-4"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) void flush();
      }}
    >
      <div className="flex flex-col gap-2 text-sm text-slate-600">
        <p>{t('recordings.editor.hint')}</p>
        <details className="group rounded-lg ring-1 ring-slate-200">
          <summary className="cursor-pointer rounded-lg px-3 py-2 font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600">
            {t('recordings.editor.shortcuts')}
          </summary>
          <dl className="grid gap-x-4 gap-y-1.5 px-3 pb-3 sm:grid-cols-[auto_1fr]">
            {(
              [
                ['Ctrl+Space · Alt+P', 'play'],
                ['Alt+↓ · Alt+↑', 'move'],
                ['Enter', 'split'],
                ['Backspace', 'merge'],
                ['Alt+1 · Alt+2 · Alt+3', 'speaker'],
                ['Ctrl+Z', 'undo'],
                ['Ctrl+Shift+Z · Ctrl+Y', 'redo'],
              ] as const
            ).map(([keys, what]) => (
              <div key={what} className="contents">
                <dt>
                  <kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 ring-1 ring-slate-200">
                    {keys}
                  </kbd>
                </dt>
                <dd>{t(`recordings.editor.keys.${what}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <p
          role="status"
          className={clsx(
            'text-sm',
            problem?.kind === 'error' ? 'text-red-700' : dirty || saving ? 'text-slate-700' : 'text-teal-800',
          )}
        >
          {status}
        </p>
        {problem?.kind === 'error' && (
          <>
            <Button variant="secondary" size="sm" loading={saving} onClick={() => void flush()}>
              {t('records.retry')}
            </Button>
            {problemRow !== null && rows[problemRow] && (
              <Button variant="ghost" size="sm" onClick={() => focusRow(problemRow)}>
                {t('recordings.editor.goTo', { n: problemRow + 1 })}
              </Button>
            )}
          </>
        )}
      </div>

      {conflict && (
        <ConflictBanner
          title={t('recordings.editor.conflictTitle')}
          text={t('recordings.editor.conflictText')}
          loadLabel={t('recordings.editor.loadTheirs')}
          keepLabel={t('recordings.editor.keepMine')}
          busy={reloading}
          saving={saving}
          discardTitle={t('recordings.editor.discardTitle')}
          discardText={t('recordings.editor.discardText')}
          onLoad={() => void loadTheirs()}
          onKeep={() => void keepMine()}
        />
      )}

      {rows.length === 0 && <p className="text-sm text-slate-600">{t('recordings.emptyTranscript')}</p>}
      <ol className="divide-y divide-slate-100" aria-label={t('recordings.transcript')}>
        {rows.map((row, index) => (
          <EditorRow
            key={row.key}
            row={row}
            n={index + 1}
            current={row.key === current}
            canPlay={canPlay}
            playing={playing === row.key}
            loading={loading === row.key}
            failed={failed === row.key}
            error={problem?.kind === 'error' && problemRow === index ? problem.message : null}
            inputRef={(el) => {
              if (el) inputs.current.set(row.key, el);
              else inputs.current.delete(row.key);
            }}
            onFocus={() => setCurrent(row.key)}
            onText={(text) => dispatch({ type: 'text', key: row.key, text })}
            onSpeaker={(speaker) => act({ type: 'speaker', key: row.key, speaker })}
            onTextKeyDown={(e) => onTextKeyDown(e, row, index)}
            onTogglePlay={() => togglePlay(row)}
          />
        ))}
      </ol>
    </div>
  );
}

type RowProps = {
  row: Row;
  n: number;
  current: boolean;
  canPlay: boolean;
  playing: boolean;
  loading: boolean;
  failed: boolean;
  error: string | null;
  inputRef: (el: HTMLTextAreaElement | null) => void;
  onFocus: () => void;
  onText: (text: string) => void;
  onSpeaker: (speaker: Speaker) => void;
  onTextKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => void;
  onTogglePlay: () => void;
};

function EditorRow({
  row,
  n,
  current,
  canPlay,
  playing,
  loading,
  failed,
  error,
  inputRef,
  onFocus,
  onText,
  onSpeaker,
  onTextKeyDown,
  onTogglePlay,
}: RowProps) {
  const { t } = useTranslation();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const timed = row.start_ms !== null && row.end_ms !== null && row.end_ms > row.start_ms;
  const balanced = bracketsBalance(row.text);
  const unsure = (wordsOf(row) ?? []).filter((w) => typeof w.confidence === 'number' && w.confidence < LOW_CONFIDENCE);
  const id = `utterance-${row.key}`;
  const described =
    [!balanced && `${id}-brackets`, unsure.length && `${id}-check`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;

  // The text area grows with its text.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight) el.style.height = `${el.scrollHeight + 2}px`;
  }, [row.text]);

  return (
    <li
      aria-current={current ? 'true' : undefined}
      onFocus={onFocus}
      className={clsx(
        'flex flex-col gap-2 border-l-4 py-3 pr-1 pl-3 sm:flex-row sm:gap-4',
        current ? 'border-teal-600 bg-teal-50/50' : 'border-transparent',
        playing && 'bg-teal-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 sm:w-76 sm:shrink-0 sm:self-start">
        <span className="inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
          <span className="sr-only">{t('recordings.editor.number')} </span>
          {n}
        </span>
        <span className="text-xs text-slate-600 tabular-nums">
          {formatTenths(row.start_ms)}–{formatTenths(row.end_ms)}
        </span>
        <select
          value={row.speaker}
          onChange={(e) => onSpeaker(e.target.value as Speaker)}
          aria-label={t('recordings.editor.speaker', { n })}
          aria-keyshortcuts={SHORTCUTS.speaker}
          className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-600"
        >
          {SPEAKERS.map((s) => (
            <option key={s} value={s}>
              {t(`recordings.speakers.${s}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!canPlay || !timed}
          onClick={onTogglePlay}
          aria-keyshortcuts={SHORTCUTS.play}
          aria-label={
            playing
              ? t('recordings.stopUtterance', { n })
              : t('recordings.playUtterance', { n, from: formatClock(row.start_ms), to: formatClock(row.end_ms) })
          }
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-teal-800 ring-1 ring-slate-300 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white"
        >
          {loading ? (
            <Spinner size="sm" decorative />
          ) : playing ? (
            <Square className="size-4" aria-hidden="true" />
          ) : (
            <Play className="size-4" aria-hidden="true" />
          )}
        </button>
        {failed && (
          <span role="alert" className="text-xs text-red-700">
            {t('recordings.playFailed')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <textarea
          ref={(el) => {
            textarea.current = el;
            inputRef(el);
          }}
          rows={1}
          value={row.text}
          maxLength={2000}
          spellCheck
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onTextKeyDown}
          aria-label={t('recordings.editor.text', { n })}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          aria-keyshortcuts={`${SHORTCUTS.text} ${SHORTCUTS.move} ${SHORTCUTS.play} ${SHORTCUTS.speaker}`}
          className={clsx(
            'block w-full resize-none overflow-hidden rounded-lg border bg-white px-3 py-1.5 text-base text-slate-900 shadow-sm sm:text-sm',
            'focus:outline-2 focus:outline-offset-0 focus:outline-teal-600 focus:outline-solid',
            error ? 'border-red-600' : 'border-slate-300 hover:border-slate-400',
          )}
        />
        {!balanced && (
          <p id={`${id}-brackets`} className="flex items-center gap-1.5 text-xs text-amber-900">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            {t('recordings.editor.unbalanced')}
          </p>
        )}
        {unsure.length > 0 && (
          <p id={`${id}-check`} className="text-xs text-slate-700">
            <span className="font-medium">{t('recordings.editor.check')}</span>{' '}
            {unsure.map((w, i) => (
              <span key={i}>
                {i > 0 && ', '}
                <mark className="rounded bg-amber-100 px-0.5 text-inherit underline decoration-amber-700 decoration-dotted underline-offset-4">
                  {w.text.trim()}
                </mark>{' '}
                ({t('recordings.percent', { value: Math.round((w.confidence ?? 0) * 100) })})
              </span>
            ))}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="flex items-center gap-1.5 text-xs text-red-700">
            <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
