import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Synthesizer } from '../speech/synthesizer';
import {
  AudioDecodeError,
  AudioTooLongError,
  normalizeAudio,
  PEAKS_PER_SECOND,
  Resampler,
  sniffAudio,
  TARGET_RATE,
} from './audio';

const dir = mkdtempSync(join(tmpdir(), 'habla-audio-'));
const synthesizer = new Synthesizer();
afterAll(async () => {
  await synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A 16-bit PCM WAV header for `frames` frames. */
function header(rate: number, channels: number, frames: number): Buffer {
  const data = frames * channels * 2;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data, 40);
  return h;
}

/** A tone as a WAV, the same on every channel, yielded a second at a time (never whole in memory). */
async function* tone(opts: {
  rate: number;
  channels: number;
  seconds: number;
  hz: number;
  amplitude: number;
}): AsyncGenerator<Uint8Array> {
  const frames = opts.rate * opts.seconds;
  yield header(opts.rate, opts.channels, frames);
  for (let start = 0; start < frames; start += opts.rate) {
    const n = Math.min(opts.rate, frames - start);
    const block = Buffer.alloc(n * opts.channels * 2);
    for (let i = 0; i < n; i++) {
      const v = Math.round(opts.amplitude * 32767 * Math.sin((2 * Math.PI * opts.hz * (start + i)) / opts.rate));
      for (let c = 0; c < opts.channels; c++) block.writeInt16LE(v, (i * opts.channels + c) * 2);
    }
    yield block;
  }
}

async function* pieces(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** The 16 kHz samples of a WAV written by normalizeAudio, as numbers in [-1, 1]. */
function samplesOf(path: string): Float64Array {
  const bytes = readFileSync(path);
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt16LE(20)).toBe(1);
  expect(bytes.readUInt16LE(22)).toBe(1);
  expect(bytes.readUInt32LE(24)).toBe(TARGET_RATE);
  expect(bytes.readUInt16LE(34)).toBe(16);
  const data = bytes.readUInt32LE(40);
  expect(bytes.length).toBe(44 + data);
  return Float64Array.from({ length: data / 2 }, (_, i) => bytes.readInt16LE(44 + i * 2) / 32767);
}

const rms = (xs: Float64Array, from = 0, to = xs.length) =>
  Math.sqrt(xs.slice(from, to).reduce((s, x) => s + x * x, 0) / (to - from));

describe('a recording made ready for transcription', () => {
  it('turns synthesized speech (22,050 Hz) into 16 kHz mono of the same length, with peaks where the voice is', async () => {
    const wav = await synthesizer.speak('The little dog is running in the park with a red ball.', 'en');
    expect(sniffAudio(wav)).toBe('wav');
    const sourceSeconds = wav.readUInt32LE(40) / 2 / 22_050;
    const out = join(dir, 'speech.wav');
    const result = await normalizeAudio(pieces(wav, [4096]), 'wav', out);
    expect(result.sourceRate).toBe(22_050);
    expect(result.sourceChannels).toBe(1);
    expect(Math.abs(result.durationMs / 1000 - sourceSeconds)).toBeLessThan(0.002);
    const samples = samplesOf(out);
    expect(samples.length).toBe(result.samples);
    expect(result.peaks.length).toBe(Math.ceil(result.samples / (TARGET_RATE / PEAKS_PER_SECOND)));
    // Speech is loud somewhere and the synthesizer's trailing pause is quiet.
    expect(Math.max(...result.peaks)).toBeGreaterThan(100);
    expect(result.peaks.at(-1)).toBeLessThan(10);
    expect(rms(samples)).toBeGreaterThan(0.02);
  });

  it('mixes stereo 44.1 kHz down and keeps a 1 kHz tone: its level and its pitch', async () => {
    const out = join(dir, 'tone.wav');
    const result = await normalizeAudio(
      tone({ rate: 44_100, channels: 2, seconds: 2, hz: 1000, amplitude: 0.5 }),
      'wav',
      out,
    );
    expect(result).toMatchObject({ sourceRate: 44_100, sourceChannels: 2, durationMs: 2000 });
    const s = samplesOf(out);
    expect(s.length).toBe(32_000);
    // A sine of amplitude 0.5 has an RMS of 0.354; away from the filter's start.
    expect(rms(s, 1600)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    let crossings = 0;
    for (let i = 1601; i < s.length; i++) if (s[i - 1]! < 0 !== s[i]! < 0) crossings++;
    const seconds = (s.length - 1601) / TARGET_RATE;
    expect(crossings / seconds / 2).toBeGreaterThan(990);
    expect(crossings / seconds / 2).toBeLessThan(1010);
    expect(Math.max(...result.peaks.subarray(5))).toBeGreaterThanOrEqual(Math.floor(0.49 * 255));
  });

  it('removes what lies above 8 kHz instead of folding it into the band (a 12 kHz tone at 48 kHz)', async () => {
    const out = join(dir, 'high.wav');
    await normalizeAudio(tone({ rate: 48_000, channels: 1, seconds: 1, hz: 12_000, amplitude: 0.5 }), 'wav', out);
    // Without the low-pass it would alias to 4 kHz at full level (RMS 0.354); at least 30 dB down.
    expect(rms(samplesOf(out), 800)).toBeLessThan(0.354 / 31.6);
  });

  it('writes the same samples whatever sizes the bytes arrive in', async () => {
    const parts: Uint8Array[] = [];
    for await (const part of tone({ rate: 44_100, channels: 2, seconds: 1, hz: 440, amplitude: 0.3 })) parts.push(part);
    const wav = Buffer.concat(parts);
    await normalizeAudio(pieces(wav, [wav.length]), 'wav', join(dir, 'whole.wav'));
    await normalizeAudio(pieces(wav, [1, 7, 333, 4096, 65_537]), 'wav', join(dir, 'bits.wav'));
    expect(readFileSync(join(dir, 'bits.wav')).equals(readFileSync(join(dir, 'whole.wav')))).toBe(true);
  });

  it('streams: 10 minutes of 48 kHz stereo (110 MB) go through while the process grows by less than 64 MB', async () => {
    const before = process.memoryUsage().rss;
    let highest = before;
    const watch = setInterval(() => (highest = Math.max(highest, process.memoryUsage().rss)), 20);
    try {
      const result = await normalizeAudio(
        tone({ rate: 48_000, channels: 2, seconds: 600, hz: 300, amplitude: 0.2 }),
        'wav',
        join(dir, 'long.wav'),
      );
      expect(result.durationMs).toBe(600_000);
      expect(result.peaks.length).toBe(600 * PEAKS_PER_SECOND);
    } finally {
      clearInterval(watch);
    }
    expect(highest - before).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);

  it('stops past the maximum length, and refuses bytes that are not the audio they claim', async () => {
    await expect(
      normalizeAudio(
        tone({ rate: 16_000, channels: 1, seconds: 3, hz: 200, amplitude: 0.2 }),
        'wav',
        join(dir, 'max.wav'),
        { maxSeconds: 2 },
      ),
    ).rejects.toBeInstanceOf(AudioTooLongError);
    const text = Buffer.from('RIFF but not really a wave file at all, just text that goes on and on');
    await expect(normalizeAudio(pieces(text, [16]), 'wav', join(dir, 'bad.wav'))).rejects.toBeInstanceOf(
      AudioDecodeError,
    );
  });
});

describe('the format, from the bytes', () => {
  it('knows the accepted formats by their signatures and nothing else', () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    expect(sniffAudio(header(16_000, 1, 10))).toBe('wav');
    expect(sniffAudio(bytes('fLaC', [0, 0, 0, 34], Array(34).fill(0)))).toBe('flac');
    expect(sniffAudio(bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64], Array(400).fill(0)))).toBe('mp3');
    // Not audio: a PNG, an ELF executable, text.
    expect(sniffAudio(bytes([0x89], 'PNG\r\n\x1a\n', Array(64).fill(0)))).toBeNull();
    expect(sniffAudio(bytes([0x7f], 'ELF', [2, 1, 1], Array(64).fill(0)))).toBeNull();
    expect(sniffAudio(Buffer.from('hello, this is a text file named recording.wav'))).toBeNull();
  });
});

describe('the resampler', () => {
  it('gives one output sample per 1/16,000 s of input, across chunk boundaries', () => {
    for (const rate of [8000, 11_025, 16_000, 22_050, 44_100, 48_000]) {
      const r = new Resampler(rate);
      let total = 0;
      for (const size of [1, 100, 999, rate, 12_345]) total += r.push(new Float32Array(size)).length;
      const input = 1 + 100 + 999 + rate + 12_345;
      // Outputs fall from the first input sample to the last: within one output (or one input) step.
      expect(Math.abs(total - (input * TARGET_RATE) / rate), `${rate}`).toBeLessThanOrEqual(
        Math.max(1, TARGET_RATE / rate),
      );
    }
  });
});
