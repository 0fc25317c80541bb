import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { EngineError, loadOnce, type Segment, type TranscriptionEngine } from './engine';

/**
 * The local engine: whisper.cpp in the API's process, through the prebuilt native module of
 * whisper.node (`@fugood/node-whisper-<platform>-<arch>`, an optional dependency: the build for this
 * machine's platform only, not the CUDA and Vulkan builds of the umbrella package). The model is a
 * ggml file the operator provides (its path in the configuration); nothing is downloaded. A model is
 * loaded once and kept, since loading a real one takes seconds.
 */

type WhisperResult = { result: string; segments: { text: string; t0: number; t1: number }[]; isAborted: boolean };
type WhisperContext = {
  transcribeFile(
    path: string,
    options: { language?: string; temperature?: number; maxThreads?: number },
  ): { stop: () => Promise<void>; promise: Promise<WhisperResult> };
  release(): Promise<void>;
};
type WhisperNative = {
  WhisperContext: new (options: { filePath: string; useGpu?: boolean }) => WhisperContext | Promise<WhisperContext>;
};

let native: WhisperNative | null | undefined;

/** The native module for this platform, or null where none is published (the engine then says so). */
export function whisperNative(): WhisperNative | null {
  if (native === undefined) {
    try {
      native = createRequire(import.meta.url)(
        `@fugood/node-whisper-${process.platform}-${process.arch}`,
      ) as WhisperNative;
    } catch {
      native = null;
    }
  }
  return native;
}

const contexts = new Map<string, Promise<WhisperContext>>();

/** whisper.cpp's segments (times in milliseconds) as the engines' segments; whisper.node gives no confidences. */
export function segmentsFromWhisper(result: Pick<WhisperResult, 'segments'>): Segment[] {
  return result.segments
    .map((s) => ({
      startMs: Math.round(s.t0),
      endMs: Math.round(s.t1),
      text: s.text.trim(),
      confidence: null,
      words: [],
    }))
    .filter((s) => s.text.length > 0);
}

export type LocalOptions = { modelPath: string | undefined; threads?: number };

export function localEngine(opts: LocalOptions): TranscriptionEngine {
  return {
    name: 'local',
    async transcribe(req) {
      const modelPath = opts.modelPath;
      if (!modelPath)
        throw new EngineError('recordings.errors.noModel', false, 'no whisper.cpp model is configured (WHISPER_MODEL)');
      if (!existsSync(modelPath))
        throw new EngineError(
          'recordings.errors.modelMissing',
          false,
          `the whisper.cpp model file is not there: ${modelPath}`,
        );
      const mod = whisperNative();
      if (!mod)
        throw new EngineError(
          'recordings.errors.localUnavailable',
          false,
          `whisper.cpp has no build for ${process.platform}-${process.arch}`,
        );
      const ctx = await loadOnce(
        contexts,
        modelPath,
        () => new mod.WhisperContext({ filePath: modelPath, useGpu: false }),
      ).catch((err: unknown) => {
        throw new EngineError(
          'recordings.errors.modelInvalid',
          false,
          `whisper.cpp could not load the model: ${(err as Error).message}`,
        );
      });
      const run = ctx.transcribeFile(req.audioPath, {
        language: req.language,
        temperature: 0,
        maxThreads: opts.threads ?? Math.max(1, availableParallelism() - 1),
      });
      const stop = () => void run.stop();
      req.signal?.addEventListener('abort', stop, { once: true });
      try {
        const result = await run.promise;
        if (result.isAborted) throw new EngineError('recordings.errors.localFailed', true, 'whisper.cpp was stopped');
        return segmentsFromWhisper(result);
      } catch (err) {
        if (err instanceof EngineError) throw err;
        throw new EngineError('recordings.errors.localFailed', true, `whisper.cpp failed: ${(err as Error).message}`);
      } finally {
        req.signal?.removeEventListener('abort', stop);
      }
    },
  };
}

/** Release every loaded model (the server's shutdown, tests). */
export async function releaseLocalModels(): Promise<void> {
  const all = [...contexts.values()];
  contexts.clear();
  await Promise.all(all.map((c) => c.then((ctx) => ctx.release()).catch(() => undefined)));
}
