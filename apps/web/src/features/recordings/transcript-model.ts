import type { Speaker } from '@habla/shared/resources/recordings';
import type { Utterance, Word } from './recordings-api';

/**
 * The transcript editor's document and history (pure, so the reducer is tested without a DOM): the
 * utterances in time order, and the splits, merges, speaker changes and text edits done to them,
 * undoable. Consecutive typing in one utterance is one step.
 */

/** An utterance while it is edited: `key` is stable across edits (the server renumbers on save). */
export type Row = {
  key: string;
  start_ms: number | null;
  end_ms: number | null;
  speaker: Speaker;
  text: string;
  confidence: number | null;
  words: Word[];
};

export type EditorState = {
  rows: Row[];
  past: Row[][];
  future: Row[][];
  /** The row being typed in: the next keystroke there joins the same undo step. */
  typing: string | null;
};

export type Action =
  | { type: 'text'; key: string; text: string }
  | { type: 'speaker'; key: string; speaker: Speaker }
  | { type: 'split'; key: string; caret: number; newKey: string }
  | { type: 'merge'; key: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; rows: Row[] };

/** Most undo steps kept. */
const HISTORY = 200;

let counter = 0;
export const newKey = () => `new-${(counter += 1)}`;

export const rowsOf = (utterances: Utterance[]): Row[] =>
  [...utterances]
    .sort((a, b) => a.position - b.position)
    .map((u) => ({
      key: u.id,
      start_ms: u.start_ms,
      end_ms: u.end_ms,
      speaker: u.speaker,
      text: u.text,
      confidence: u.confidence,
      words: u.words ?? [],
    }));

/** The body of `PUT /api/recordings/:id/utterances`. */
export const toInput = (rows: Row[]) =>
  rows.map(({ start_ms, end_ms, speaker, text, confidence, words }) => ({
    start_ms,
    end_ms,
    speaker,
    text,
    confidence,
    words,
  }));

export const initialState = (rows: Row[]): EditorState => ({ rows, past: [], future: [], typing: null });

const letterCount = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '').length;

/** The engine's words before and after a split of the text at `caret` (by the letters each side holds). */
function splitWords(words: Word[], before: string): [Word[], Word[]] {
  let budget = letterCount(before);
  let i = 0;
  while (i < words.length && letterCount(words[i]!.text) <= budget && budget > 0) {
    budget -= letterCount(words[i]!.text);
    i += 1;
  }
  return [words.slice(0, i), words.slice(i)];
}

/** Split `row` at `caret`: the time span divided in proportion to the characters before and after. */
export function split(row: Row, caret: number, key: string): [Row, Row] {
  const at = Math.max(0, Math.min(caret, row.text.length));
  const before = row.text.slice(0, at);
  const after = row.text.slice(at);
  let mid: number | null = null;
  if (row.start_ms !== null && row.end_ms !== null) {
    const share = row.text.length ? at / row.text.length : 1;
    mid = row.start_ms + Math.round((row.end_ms - row.start_ms) * share);
  }
  const [wordsBefore, wordsAfter] = splitWords(row.words, before);
  return [
    { ...row, text: before.trimEnd(), end_ms: mid ?? row.end_ms, words: wordsBefore },
    { ...row, key, text: after.trimStart(), start_ms: mid ?? row.start_ms, words: wordsAfter },
  ];
}

/** Join `second` onto `first`: texts with a space, times from the first start to the second end, the first's speaker.
 * */
export function merge(first: Row, second: Row): Row {
  const a = first.text.trimEnd();
  const b = second.text.trimStart();
  const confidences = [first.confidence, second.confidence].filter((c): c is number => c !== null);
  return {
    ...first,
    text: a && b ? `${a} ${b}` : a + b,
    start_ms: first.start_ms ?? second.start_ms,
    end_ms: second.end_ms ?? first.end_ms,
    confidence: confidences.length ? Math.min(...confidences) : null,
    words: [...first.words, ...second.words],
  };
}

function commit(state: EditorState, rows: Row[], typing: string | null = null): EditorState {
  return { rows, past: [...state.past, state.rows].slice(-HISTORY), future: [], typing };
}

export function reduce(state: EditorState, action: Action): EditorState {
  const index = 'key' in action ? state.rows.findIndex((r) => r.key === action.key) : -1;
  const row = state.rows[index];
  switch (action.type) {
    case 'text': {
      if (!row || row.text === action.text) return state;
      const rows = state.rows.with(index, { ...row, text: action.text });
      // Typing on in the same utterance amends the step it started.
      if (state.typing === action.key) return { ...state, rows, future: [] };
      return commit(state, rows, action.key);
    }
    case 'speaker':
      if (!row || row.speaker === action.speaker) return state;
      return commit(state, state.rows.with(index, { ...row, speaker: action.speaker }));
    case 'split': {
      if (!row) return state;
      const rows = [...state.rows];
      rows.splice(index, 1, ...split(row, action.caret, action.newKey));
      return commit(state, rows);
    }
    case 'merge': {
      const previous = state.rows[index - 1];
      if (!row || !previous) return state;
      const rows = [...state.rows];
      rows.splice(index - 1, 2, merge(previous, row));
      return commit(state, rows);
    }
    case 'undo': {
      const rows = state.past.at(-1);
      if (!rows) return state;
      return { rows, past: state.past.slice(0, -1), future: [state.rows, ...state.future], typing: null };
    }
    case 'redo': {
      const [rows, ...future] = state.future;
      if (!rows) return state;
      return { rows, past: [...state.past, state.rows], future, typing: null };
    }
    case 'reset':
      return initialState(action.rows);
  }
}

/** Whether the round brackets of a SALT/CHAT maze balance: every `(` closed, none closed before it opens. */
export function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0;
}

/** A time to the tenth of a second, m:ss.s. */
export function formatTenths(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '–';
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}
