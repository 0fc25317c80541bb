import { decodeChunked } from '@audio/decode/stream';
import audioType from 'audio-type';
import { open } from 'node:fs/promises';

/**
 * A recording's audio made ready for transcription (the AUDIO step of the pipeline, decision 018): any
 * format a therapist has (WAV, MP3, M4A/AAC from phones, OGG Vorbis or Opus, WebM from the browser's
 * recorder, FLAC) decoded by WebAssembly and JavaScript codecs from npm (@audio/decode; no system
 * audio tool), mixed down to mono, low-passed and resampled to 16 kHz, and written as 16-bit PCM WAV,
 * with its duration and waveform peaks. It streams: the file is read, decoded and written chunk by
 * chunk, so an hour of audio costs the memory of a few seconds of it (audio.test.ts holds the
 * process's memory growth under a bound while 10 minutes of 48 kHz stereo go through).
 */

/** What transcription engines take (whisper.cpp, VAD models and hosted APIs alike). */
export const TARGET_RATE = 16_000;
/** Waveform resolution: the largest amplitude of each 20 ms (0–255). */
export const PEAKS_PER_SECOND = 50;

/** The formats accepted, as the bytes say (audio-type's names); anything else answers 415. */
export const AUDIO_FORMATS = ['wav', 'mp3', 'aac', 'm4a', 'flac', 'opus', 'oga', 'webm'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** Bytes needed to tell the format (an ID3 tag before an MP3 frame may need more). */
export const SNIFF_BYTES = 4096;

/** The audio format of a file from its first bytes, or null when it is none of the accepted ones. */
export function sniffAudio(head: Uint8Array): AudioFormat | null {
  // audio-type reads `bytes.buffer` from its start: a Buffer that is a slice of Node's shared pool
  // (any small Buffer) would be read from someone else's bytes. It gets a copy of its own.
  const type = audioType(new Uint8Array(head.subarray(0, SNIFF_BYTES)));
  return type && (AUDIO_FORMATS as readonly string[]).includes(type) ? (type as AudioFormat) : null;
}

/** The bytes could not be decoded as the format they claim (a damaged or truncated file). */
export class AudioDecodeError extends Error {
  readonly key = 'recordings.errors.undecodable';
}

/** The audio is longer than the configured maximum. */
export class AudioTooLongError extends Error {
  readonly key = 'recordings.errors.tooLong';
  constructor(readonly maxSeconds: number) {
    super(`audio longer than ${maxSeconds} s`);
  }
}

/**
 * A 2nd-order low-pass section (RBJ's cookbook biquad), its state kept across chunks. Sections in a
 * row with Butterworth's Q values make a higher-order Butterworth filter.
 */
class Biquad {
  private readonly b0: number;
  private readonly b1: number;
  private readonly b2: number;
  private readonly a1: number;
  private readonly a2: number;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(cutoff: number, rate: number, q: number) {
    const w = (2 * Math.PI * cutoff) / rate;
    const alpha = Math.sin(w) / (2 * q);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  run(samples: Float32Array): void {
    let { x1, x2, y1, y2 } = this;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      const y = this.b0 * x + this.b1 * x1 + this.b2 * x2 - this.a1 * y1 - this.a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      samples[i] = y;
    }
    Object.assign(this, { x1, x2, y1, y2 });
  }
}

/** The Q of each 2nd-order section of an 8th-order Butterworth low-pass. */
const BUTTERWORTH_8 = [0.5098, 0.6013, 0.9, 2.5629];

/**
 * Mono samples at any rate → 16 kHz, chunk by chunk: an 8th-order Butterworth low-pass at 45 % of
 * the target rate (7.2 kHz) against aliasing (a 12 kHz tone comes out more than 30 dB down), then
 * linear interpolation. Speech keeps everything a transcriber uses; what lies above 8 kHz is removed
 * instead of folded back into the band.
 */
export class Resampler {
  private readonly step: number;
  private readonly filters: Biquad[];
  /** Where the next output sample falls, in input samples, counted from the sample before this chunk. */
  private pos = 1;
  private prev = 0;

  constructor(readonly fromRate: number) {
    this.step = fromRate / TARGET_RATE;
    const cutoff = 0.45 * TARGET_RATE;
    this.filters = fromRate > TARGET_RATE ? BUTTERWORTH_8.map((q) => new Biquad(cutoff, fromRate, q)) : [];
  }

  push(input: Float32Array): Float32Array {
    if (this.fromRate === TARGET_RATE) return input;
    for (const f of this.filters) f.run(input);
    const n = input.length;
    const out = new Float32Array(this.pos <= n ? Math.floor((n - this.pos) / this.step) + 1 : 0);
    let k = 0;
    let pos = this.pos;
    // v[0] is the last sample of the previous chunk, v[j + 1] = input[j].
    while (pos <= n && k < out.length) {
      const i = Math.floor(pos);
      const frac = pos - i;
      const a = i === 0 ? this.prev : input[i - 1]!;
      const b = i === n ? a : input[i]!;
      out[k++] = i === n ? a : a + (b - a) * frac;
      pos += this.step;
    }
    if (n > 0) this.prev = input[n - 1]!;
    this.pos = pos - n;
    return k === out.length ? out : out.subarray(0, k);
  }
}

/** The 44-byte header of a 16-bit PCM WAV of `dataBytes` bytes (16 kHz mono unless said otherwise). */
export function wavHeader(dataBytes: number, rate: number = TARGET_RATE, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export type NormalizedAudio = {
  /** Samples written at 16 kHz, and what they last in milliseconds. */
  samples: number;
  durationMs: number;
  /** The source's own rate and channel count. */
  sourceRate: number;
  sourceChannels: number;
  /** The waveform: the largest amplitude of each 1/PEAKS_PER_SECOND s, 0–255. */
  peaks: Uint8Array;
};

/**
 * Decode `source` (the file's bytes as they are read) as `format` and write it to `outPath` as a
 * 16 kHz mono 16-bit WAV. Fails with AudioDecodeError when the bytes are not that format, and with
 * AudioTooLongError past `maxSeconds` (the caller removes the partial file).
 */
export async function normalizeAudio(
  source: AsyncIterable<Uint8Array>,
  format: AudioFormat,
  outPath: string,
  opts: { maxSeconds?: number } = {},
): Promise<NormalizedAudio> {
  const out = await open(outPath, 'w');
  const maxSamples = opts.maxSeconds === undefined ? Number.POSITIVE_INFINITY : opts.maxSeconds * TARGET_RATE;
  const bucket = TARGET_RATE / PEAKS_PER_SECOND;
  const peaks: number[] = [];
  let bucketMax = 0;
  let inBucket = 0;
  let samples = 0;
  let resampler: Resampler | undefined;
  let sourceChannels = 0;
  try {
    await out.write(wavHeader(0), 0, 44, 0);
    let offset = 44;
    const chunks = decodeChunked(source, format);
    const next = async () => {
      try {
        return await chunks.next();
      } catch (err) {
        throw new AudioDecodeError(`cannot decode ${format}: ${(err as Error).message}`);
      }
    };
    for (let r = await next(); !r.done; r = await next()) {
      const { channelData, sampleRate } = r.value;
      if (!channelData.length || !channelData[0]!.length) continue;
      resampler ??= new Resampler(sampleRate);
      sourceChannels = Math.max(sourceChannels, channelData.length);
      // Mono: the channels' mean (a copy, so the decoder's buffers are never changed).
      const n = channelData[0]!.length;
      const mono = new Float32Array(n);
      for (const ch of channelData) for (let i = 0; i < n; i++) mono[i]! += ch[i]! / channelData.length;
      const resampled = resampler.push(mono);
      const ints = new Int16Array(resampled.length);
      for (let i = 0; i < resampled.length; i++) {
        const s = Math.max(-1, Math.min(1, resampled[i]!));
        ints[i] = Math.round(s * 32767);
        const a = Math.abs(s);
        if (a > bucketMax) bucketMax = a;
        if (++inBucket === bucket) {
          peaks.push(Math.round(bucketMax * 255));
          bucketMax = 0;
          inBucket = 0;
        }
      }
      samples += resampled.length;
      if (samples > maxSamples) throw new AudioTooLongError(opts.maxSeconds!);
      // Int16Array is little-endian on every platform Node runs on that we deploy to (x64, arm64).
      const pcm = Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength);
      await out.write(pcm, 0, pcm.length, offset);
      offset += pcm.length;
    }
    if (inBucket > 0) peaks.push(Math.round(bucketMax * 255));
    if (!resampler) throw new AudioDecodeError(`no audio in the ${format} data`);
    await out.write(wavHeader(samples * 2), 0, 44, 0);
    return {
      samples,
      durationMs: Math.round((samples / TARGET_RATE) * 1000),
      sourceRate: resampler.fromRate,
      sourceChannels,
      peaks: Uint8Array.from(peaks),
    };
  } finally {
    await out.close();
  }
}
