/**
 * Transcription engines behind one interface: manual (voice activity segments to type
 * into), local (whisper.cpp) and hosted (any OpenAI-compatible `/v1/audio/transcriptions`). Each
 * takes a recording's normalised audio (16 kHz mono 16-bit WAV, audio.ts) and returns segments with
 * their times and confidences; the pipeline turns segments into utterances.
 */

export type Word = { text: string; startMs: number; endMs: number; confidence: number | null };

export type Segment = {
  startMs: number;
  endMs: number;
  text: string;
  /** 0–1: how sure the engine is of the segment's words (null when it does not say). */
  confidence: number | null;
  words: Word[];
};

export type TranscriptionRequest = {
  /** The normalised WAV on local disk. */
  audioPath: string;
  language: 'en' | 'es';
  signal?: AbortSignal;
};

export type EngineName = 'manual' | 'local' | 'hosted';

export type TranscriptionEngine = {
  readonly name: EngineName;
  transcribe(req: TranscriptionRequest): Promise<Segment[]>;
};

/**
 * An engine's failure, as the recording shows it: a message key (translated where it is shown),
 * whether trying again may help (a busy or unreachable service) or not (a refused key, a missing
 * model), and a detail for the job's log that never holds the key or the audio.
 */
export class EngineError extends Error {
  constructor(
    readonly key: string,
    readonly retryable: boolean,
    detail: string,
  ) {
    super(detail);
    this.name = 'EngineError';
  }
}

/**
 * A native context (a model loaded by whisper.cpp) made once per key and kept: loading a real model
 * takes seconds. A failed load is forgotten, so the next call tries again.
 */
export function loadOnce<T>(cache: Map<string, Promise<T>>, key: string, create: () => T | Promise<T>): Promise<T> {
  let loading = cache.get(key);
  if (!loading) {
    loading = Promise.resolve().then(create);
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
  }
  return loading;
}
