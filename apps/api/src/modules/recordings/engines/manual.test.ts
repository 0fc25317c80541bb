import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Synthesizer } from '../../speech/synthesizer';
import { normalizeAudio, TARGET_RATE, wavHeader } from '../audio';
import { EngineError } from './engine';
import { manualEngine, releaseVadModels, segmentsFromVad } from './manual';

/**
 * The manual engine's segments come from Silero VAD on real synthesized speech: two sentences with
 * a pause between them are two segments where the voice is; silence is none.
 */
const dir = mkdtempSync(join(tmpdir(), 'habla-manual-'));
const synthesizer = new Synthesizer();
let first: Buffer;
let second: Buffer;

/** Normalised 16 kHz PCM (without its header) of a sentence. */
async function speech(text: string, language: 'en' | 'es'): Promise<Buffer> {
  const wav = await synthesizer.speak(text, language);
  async function* once() {
    yield wav;
  }
  const path = join(dir, `${text.length}.wav`);
  await normalizeAudio(once(), 'wav', path);
  return readFileSync(path).subarray(44);
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * TARGET_RATE) * 2);

/** The sentence without the synthesizer's quiet lead-in and tail. */
function voiced(pcm: Buffer): Buffer {
  const loud = (i: number) => Math.abs(pcm.readInt16LE(i * 2)) > 300;
  let from = 0;
  let to = pcm.length / 2 - 1;
  while (from < to && !loud(from)) from++;
  while (to > from && !loud(to)) to--;
  return pcm.subarray(from * 2, (to + 1) * 2);
}
const ms = (pcm: Buffer) => (pcm.length / 2 / TARGET_RATE) * 1000;

function wavFile(name: string, ...parts: Buffer[]): string {
  const data = Buffer.concat(parts);
  const path = join(dir, name);
  writeFileSync(path, Buffer.concat([wavHeader(data.length), data]));
  return path;
}

beforeAll(async () => {
  first = await speech('The little dog is running in the park.', 'en');
  second = await speech('El perro tiene una pelota roja.', 'es');
});
afterAll(async () => {
  await releaseVadModels();
  await synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the manual engine (voice activity segments to type into)', () => {
  it('finds each sentence of a recording where it is spoken, with nothing typed yet', async () => {
    const lead = silence(0.5);
    const gap = silence(1.5);
    const audioPath = wavFile('two.wav', lead, first, gap, second, silence(0.5));
    const segments = await manualEngine().transcribe({ audioPath, language: 'en' });
    expect(segments).toHaveLength(2);
    const secondStarts = ms(lead) + ms(first) + ms(gap);
    // Each segment covers its sentence (the synthesizer's own lead-in and tail are quiet: within 0.3 s).
    expect(segments[0]!.startMs).toBeGreaterThanOrEqual(ms(lead) - 150);
    expect(segments[0]!.startMs).toBeLessThan(ms(lead) + 300);
    expect(segments[0]!.endMs).toBeGreaterThan(ms(lead) + ms(first) - 400);
    expect(segments[0]!.endMs).toBeLessThan(secondStarts);
    expect(segments[1]!.startMs).toBeGreaterThanOrEqual(secondStarts - 150);
    expect(segments[1]!.endMs).toBeGreaterThan(secondStarts + ms(second) - 400);
    expect(segments.every((s) => s.text === '' && s.confidence === null)).toBe(true);
  });

  it('keeps a short breath inside one utterance, and finds no speech in silence', async () => {
    // A 0.3 s breath between two voiced stretches: under the 0.6 s that ends an utterance.
    const breath = wavFile('breath.wav', silence(0.3), voiced(first), silence(0.3), voiced(first), silence(0.3));
    expect(await manualEngine().transcribe({ audioPath: breath, language: 'en' })).toHaveLength(1);
    // With a shorter pause setting the same breath ends the utterance.
    expect(await manualEngine({ pauseMs: 150 }).transcribe({ audioPath: breath, language: 'en' })).toHaveLength(2);
    expect(await manualEngine().transcribe({ audioPath: wavFile('silence.wav', silence(3)), language: 'en' })).toEqual(
      [],
    );
  });

  it('says so when its model cannot be loaded', async () => {
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, Buffer.alloc(2048, 3));
    const err = await manualEngine({ modelPath: junk })
      .transcribe({ audioPath: wavFile('s.wav', silence(1)), language: 'en' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ key: 'recordings.errors.modelInvalid', retryable: false });
  });

  it('turns whisper.cpp’s VAD segments (centiseconds) into milliseconds', () => {
    expect(
      segmentsFromVad([
        { t0: 3, t1: 166 },
        { t0: 346.5, t1: 518 },
        { t0: 600, t1: 600 },
      ]).map((s) => [s.startMs, s.endMs]),
    ).toEqual([
      [30, 1660],
      [3465, 5180],
    ]);
  });
});
