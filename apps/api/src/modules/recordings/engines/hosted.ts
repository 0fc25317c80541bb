import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { TARGET_RATE, wavHeader } from '../audio';
import { EngineError, type Segment, type TranscriptionEngine, type TranscriptionRequest, type Word } from './engine';

/**
 * The hosted engine: any OpenAI-compatible speech-to-text service (`POST …/v1/audio/transcriptions`,
 * multipart, `response_format=verbose_json` with segment and word timestamps), chosen per account by
 * URL and key in the MAA configuration. Services cap an upload (OpenAI: 25 MB), so the audio goes in
 * pieces of `pieceSeconds` (10 minutes of 16 kHz mono WAV is 19 MB), each a WAV of its own read
 * lazily from the file, and the pieces' times are shifted back into place. A confidence is the mean
 * of the words' probabilities when the service gives them, else e^avg_logprob of the segment.
 */
export type HostedOptions = {
  /** The service's base URL (`https://api.openai.com`), or the full transcriptions URL. */
  url: string;
  /** The service's key (a local service may need none). */
  key?: string;
  model?: string;
  pieceSeconds?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const answerSchema = z.object({
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        avg_logprob: z.number().optional(),
        no_speech_prob: z.number().optional(),
      }),
    )
    .default([]),
  words: z
    .array(z.object({ word: z.string(), start: z.number(), end: z.number(), probability: z.number().optional() }))
    .optional(),
});

export function transcriptionsUrl(url: string): string {
  const base = url.replace(/(?<!\/)\/+$/, '');
  return /\/audio\/transcriptions$/.test(base) ? base : `${base.replace(/\/v1$/, '')}/v1/audio/transcriptions`;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const ms = (seconds: number) => Math.round(seconds * 1000);

/** One piece's answer as segments on the recording's clock (`offsetMs` is where the piece starts). */
export function segmentsOf(answer: z.infer<typeof answerSchema>, offsetMs: number): Segment[] {
  const words: Word[] = (answer.words ?? []).map((w) => ({
    text: w.word.trim(),
    startMs: offsetMs + ms(w.start),
    endMs: offsetMs + ms(w.end),
    confidence: w.probability === undefined ? null : clamp01(w.probability),
  }));
  return answer.segments
    .map((s) => {
      const startMs = offsetMs + ms(s.start);
      const endMs = offsetMs + ms(s.end);
      const own = words.filter((w) => (w.startMs + w.endMs) / 2 >= startMs && (w.startMs + w.endMs) / 2 <= endMs);
      const known = own.filter((w) => w.confidence !== null);
      const confidence = known.length
        ? known.reduce((sum, w) => sum + w.confidence!, 0) / known.length
        : s.avg_logprob === undefined
          ? null
          : clamp01(Math.exp(s.avg_logprob));
      return { startMs, endMs, text: s.text.trim(), confidence, words: own };
    })
    .filter((s) => s.text.length > 0);
}

/** Samples in a normalised WAV (audio.ts writes a 44-byte header and 16-bit mono data). */
async function wavSamples(path: string): Promise<number> {
  const f = await open(path, 'r');
  try {
    const head = Buffer.alloc(44);
    await f.read(head, 0, 44, 0);
    if (
      head.toString('ascii', 0, 4) !== 'RIFF' ||
      head.readUInt32LE(24) !== TARGET_RATE ||
      head.readUInt16LE(22) !== 1
    ) {
      throw new EngineError(
        'recordings.errors.undecodable',
        false,
        'the hosted engine takes the normalised 16 kHz mono WAV',
      );
    }
    return head.readUInt32LE(40) / 2;
  } finally {
    await f.close();
  }
}

export function hostedEngine(opts: HostedOptions): TranscriptionEngine {
  const endpoint = transcriptionsUrl(opts.url);
  const pieceSamples = (opts.pieceSeconds ?? 600) * TARGET_RATE;
  const doFetch = opts.fetch ?? fetch;

  async function piece(req: TranscriptionRequest, file: Blob, from: number, to: number): Promise<Segment[]> {
    const bytes = (to - from) * 2;
    const wav = new Blob([new Uint8Array(wavHeader(bytes)), file.slice(44 + from * 2, 44 + to * 2)], {
      type: 'audio/wav',
    });
    const form = new FormData();
    form.append('file', wav, 'recording.wav');
    form.append('model', opts.model ?? 'whisper-1');
    form.append('language', req.language);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    form.append('timestamp_granularities[]', 'word');
    const signals = [AbortSignal.timeout(opts.timeoutMs ?? 300_000), ...(req.signal ? [req.signal] : [])];
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: opts.key ? { authorization: `Bearer ${opts.key}` } : {},
        body: form,
        signal: AbortSignal.any(signals),
      });
    } catch (err) {
      const why =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? 'timed out'
          : 'unreachable';
      throw new EngineError('recordings.errors.engineUnreachable', true, `hosted engine ${why}`);
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new EngineError(
        'recordings.errors.engineRefused',
        false,
        `hosted engine refused the key (HTTP ${res.status})`,
      );
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      throw new EngineError('recordings.errors.engineBusy', true, `hosted engine busy or failing (HTTP ${res.status})`);
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200);
      // A service may quote the key it was given back in its error: never into a log or a reason.
      const text = opts.key ? body.replaceAll(opts.key, '[redacted]') : body;
      throw new EngineError(
        'recordings.errors.engineRejected',
        false,
        `hosted engine rejected the audio (HTTP ${res.status}): ${text}`,
      );
    }
    const parsed = answerSchema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success)
      throw new EngineError(
        'recordings.errors.engineAnswer',
        true,
        'hosted engine answered something that is not a verbose_json transcription',
      );
    return segmentsOf(parsed.data, Math.round((from / TARGET_RATE) * 1000));
  }

  return {
    name: 'hosted',
    async transcribe(req) {
      const samples = await wavSamples(req.audioPath);
      const file = await openAsBlob(req.audioPath);
      const out: Segment[] = [];
      for (let from = 0; from < samples; from += pieceSamples)
        out.push(...(await piece(req, file, from, Math.min(samples, from + pieceSamples))));
      return out;
    },
  };
}
