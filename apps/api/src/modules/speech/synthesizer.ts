import type { Language } from '@habla/shared';
import { Worker } from 'node:worker_threads';

/** eSpeak NG voices for the app's two languages: American English, Latin American Spanish. */
export const VOICES: Record<Language, string> = { en: 'en-us', es: 'es-419' };
/** Slower than eSpeak's 175 words a minute: the prompts are for young children. */
export const WORDS_PER_MINUTE = 140;

export type SynthesizerOptions = {
  /** Calls waiting or running at once; one more is refused (the route answers 429). */
  maxPending?: number;
  /** A call that takes longer fails, and the thread is replaced. */
  timeoutMs?: number;
};

/** Too many calls are waiting for the synthesizer. */
export class SynthesizerBusy extends Error {}

type Pending = { resolve: (wav: Buffer) => void; reject: (err: Error) => void; timer: NodeJS.Timeout };

/**
 * Text to speech on a worker thread (speech-worker.mjs), one call at a time, in order. The thread
 * starts on the first call and ends with `close()`; it does not keep the process alive.
 */
export class Synthesizer {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly maxPending: number;
  private readonly timeoutMs: number;

  constructor(opts: SynthesizerOptions = {}) {
    this.maxPending = opts.maxPending ?? 8;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
  }

  /** A WAV file (16-bit mono PCM, 22,050 Hz) of `text` spoken in `language`. */
  speak(text: string, language: Language): Promise<Buffer> {
    if (this.pending.size >= this.maxPending) return Promise.reject(new SynthesizerBusy('speech synthesizer busy'));
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('speech synthesis timed out'));
        // A stuck thread would hold every later call: replace it.
        this.restart(new Error('speech synthesis timed out'));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, text, voice: VOICES[language], wordsPerMinute: WORDS_PER_MINUTE });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('speech synthesizer closed'));
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./speech-worker.mjs', import.meta.url), { execArgv: [] });
    worker.unref();
    worker.on('message', (msg: { id: number; wav?: Uint8Array; error?: string }) => {
      const call = this.pending.get(msg.id);
      if (!call) return;
      this.pending.delete(msg.id);
      clearTimeout(call.timer);
      if (msg.wav) call.resolve(Buffer.from(msg.wav.buffer, msg.wav.byteOffset, msg.wav.byteLength));
      else call.reject(new Error(msg.error ?? 'speech synthesis failed'));
    });
    worker.on('error', (err) => this.restart(err));
    worker.on('exit', () => {
      if (this.worker === worker) this.restart(new Error('speech synthesizer thread ended'));
    });
    this.worker = worker;
    return worker;
  }

  private restart(reason: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(reason);
    void worker?.terminate();
  }

  private failAll(reason: Error): void {
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(reason);
      this.pending.delete(id);
    }
  }
}
