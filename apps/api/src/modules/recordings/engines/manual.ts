import { join } from 'node:path';
import { EngineError, loadOnce, type Segment, type TranscriptionEngine } from './engine';
import { whisperNative } from './local';

/**
 * The manual engine: the therapist types every utterance, but not into one long box. Voice activity
 * detection (Silero VAD, run by whisper.cpp's own VAD through the same native module as the local
 * engine; the model ships in the repository, assets/vad/SOURCE.md) finds where someone speaks and
 * splits the recording at its pauses into segments with their times and no text, one per utterance
 * to type, each playable on its own in the editor.
 */

/** The Silero VAD model kept with the API. */
export const VAD_MODEL = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'vad', 'silero-v6.2.0-ggml.bin');

type VadSegment = { t0: number; t1: number };
type VadContext = {
  detectSpeechFile(path: string, options: Record<string, number>): Promise<VadSegment[]>;
  release(): Promise<void>;
};
type VadNative = {
  WhisperVadContext: new (options: {
    filePath: string;
    useGpu?: boolean;
    nThreads?: number;
  }) => VadContext | Promise<VadContext>;
};

export type ManualOptions = {
  modelPath?: string;
  /** A pause this long (ms) ends an utterance: a child's shorter breath does not. */
  pauseMs?: number;
  /** An utterance is cut after this long (s), so none is too long to type against. */
  maxSeconds?: number;
};

const contexts = new Map<string, Promise<VadContext>>();

/** whisper.cpp's VAD segments (centiseconds) as the engines' segments, empty for typing. */
export function segmentsFromVad(segments: readonly VadSegment[]): Segment[] {
  return segments
    .map((s) => ({
      startMs: Math.round(s.t0 * 10),
      endMs: Math.round(s.t1 * 10),
      text: '',
      confidence: null,
      words: [],
    }))
    .filter((s) => s.endMs > s.startMs);
}

export function manualEngine(opts: ManualOptions = {}): TranscriptionEngine {
  const modelPath = opts.modelPath ?? VAD_MODEL;
  return {
    name: 'manual',
    async transcribe(req) {
      const mod = whisperNative() as unknown as VadNative | null;
      if (!mod)
        throw new EngineError(
          'recordings.errors.localUnavailable',
          false,
          `whisper.cpp has no build for ${process.platform}-${process.arch}`,
        );
      const vad = await loadOnce(
        contexts,
        modelPath,
        () => new mod.WhisperVadContext({ filePath: modelPath, useGpu: false, nThreads: 1 }),
      ).catch((err: unknown) => {
        throw new EngineError(
          'recordings.errors.modelInvalid',
          false,
          `the voice activity model could not be loaded: ${(err as Error).message}`,
        );
      });
      try {
        const found = await vad.detectSpeechFile(req.audioPath, {
          minSilenceDurationMs: opts.pauseMs ?? 600,
          maxSpeechDurationS: opts.maxSeconds ?? 15,
          speechPadMs: 100,
        });
        return segmentsFromVad(found);
      } catch (err) {
        throw new EngineError(
          'recordings.errors.localFailed',
          true,
          `voice activity detection failed: ${(err as Error).message}`,
        );
      }
    },
  };
}

/** Release the loaded VAD models (the server's shutdown, tests). */
export async function releaseVadModels(): Promise<void> {
  const all = [...contexts.values()];
  contexts.clear();
  await Promise.all(all.map((c) => c.then((ctx) => ctx.release()).catch(() => undefined)));
}
