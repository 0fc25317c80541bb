import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';

/** Why the last save did not land: someone saved since (409 on `version`), or another failure. */
export type SaveProblem = { kind: 'conflict' } | { kind: 'error'; message: string; field: string | null } | null;

/**
 * A document edited on screen and saved whole with the version it was read at (a transcript, an
 * assessment's error coding): saved `delayMs` after the last change, one save at a time (a change
 * made during a save is saved right after it), never over someone else's save unasked — a 409 on
 * `version` waits for the user to load their version or keep theirs. Leaving the page saves what is
 * pending; closing the tab asks first. `value` must be a new object whenever it changes.
 */
export function useVersionedSave<D, R>(opts: {
  value: D;
  version: number;
  delayMs: number;
  /** False while the document may not be saved (completed, not allowed). */
  enabled?: boolean;
  /** Save `value` against `version`; the answer carries the new version. */
  save: (value: D, version: number) => Promise<R>;
  /** Read the stored document again (for a conflict's choice). */
  load: () => Promise<R>;
  versionOf: (answer: R) => number;
  /** A save's answer (or a loaded version the user chose) arrived. */
  onSaved?: (answer: R) => void;
  /** The user chose the other version: put it on screen and return it as the document. */
  onLoadTheirs: (fresh: R) => D;
  /** A save failed for another reason than a conflict (the problem is set already). */
  onFailed?: (error: unknown) => void;
  onPendingChange?: ((pending: boolean) => void) | undefined;
}) {
  const { value, delayMs, enabled = true } = opts;
  const [saved, setSaved] = useState(value);
  const [saving, setSaving] = useState(false);
  const [everSaved, setEverSaved] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>(null);
  const [reloading, setReloading] = useState(false);
  const version = useRef(opts.version);
  const latest = useRef({ value, saved: value, conflict: false });
  const busy = useRef(false);
  const again = useRef(false);
  // The callbacks of this render, for a save that started in an earlier one.
  const calls = useRef(opts);
  useLayoutEffect(() => {
    calls.current = opts;
    latest.current.value = value;
    latest.current.conflict = problem?.kind === 'conflict';
  });

  const dirty = value !== saved;
  const conflict = problem?.kind === 'conflict';

  const flush = useCallback(async (): Promise<void> => {
    if (busy.current) {
      again.current = true;
      return;
    }
    const snapshot = latest.current.value;
    if (snapshot === latest.current.saved || latest.current.conflict) return;
    busy.current = true;
    setSaving(true);
    try {
      const answer = await calls.current.save(snapshot, version.current);
      version.current = calls.current.versionOf(answer);
      latest.current.saved = snapshot;
      setSaved(snapshot);
      setEverSaved(true);
      setProblem(null);
      calls.current.onSaved?.(answer);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (error instanceof ApiError && error.status === 409 && fields.version) {
        latest.current.conflict = true;
        setProblem({ kind: 'conflict' });
      } else {
        const field = Object.keys(fields)[0] ?? null;
        setProblem({ kind: 'error', message: (field && fields[field]) || (error as Error).message, field });
        calls.current.onFailed?.(error);
      }
    } finally {
      busy.current = false;
      setSaving(false);
      if (again.current) {
        again.current = false;
        void flush();
      }
    }
  }, []);

  // Saved a moment after the last change (not while a conflict waits for a decision).
  useEffect(() => {
    if (!dirty || conflict || !enabled) return;
    const timer = setTimeout(() => void flush(), delayMs);
    return () => clearTimeout(timer);
  }, [value, dirty, conflict, enabled, delayMs, flush]);

  const pending = dirty || saving || conflict;
  const { onPendingChange } = opts;
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);
  useEffect(() => () => void flush(), [flush]);
  useEffect(() => {
    if (!dirty && !saving) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saving]);

  const reload = async (): Promise<R | null> => {
    setReloading(true);
    try {
      return await calls.current.load();
    } catch (error) {
      setProblem({ kind: 'error', message: (error as Error).message, field: null });
      return null;
    } finally {
      setReloading(false);
    }
  };

  /** Put the other editor's version on screen (what was not saved here is dropped). */
  const loadTheirs = async () => {
    const fresh = await reload();
    if (!fresh) return;
    const next = calls.current.onLoadTheirs(fresh);
    version.current = calls.current.versionOf(fresh);
    latest.current = { value: next, saved: next, conflict: false };
    setSaved(next);
    setProblem(null);
  };

  /** Keep what is on screen and save it over the other version. */
  const keepMine = async () => {
    const fresh = await reload();
    if (!fresh) return;
    version.current = calls.current.versionOf(fresh);
    latest.current.conflict = false;
    setProblem(null);
    await flush();
  };

  return { dirty, saving, everSaved, problem, conflict, pending, reloading, flush, loadTheirs, keepMine };
}
