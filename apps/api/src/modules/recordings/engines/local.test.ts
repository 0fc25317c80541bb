import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Synthesizer } from '../../speech/synthesizer';
import { normalizeAudio } from '../audio';
import { EngineError } from './engine';
import { localEngine, releaseLocalModels, segmentsFromWhisper, whisperNative } from './local';

/** whisper.cpp's own test model (test/fixtures/whisper/SOURCE.md): the real layout, no weights. */
const TEST_MODEL = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'test',
  'fixtures',
  'whisper',
  'for-tests-ggml-tiny.bin',
);
const dir = mkdtempSync(join(tmpdir(), 'habla-local-'));
const synthesizer = new Synthesizer();
afterAll(async () => {
  await releaseLocalModels();
  await synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});

async function speechWav(): Promise<string> {
  const wav = await synthesizer.speak('Where is the red ball?', 'en');
  async function* once() {
    yield wav;
  }
  const path = join(dir, 'speech.wav');
  await normalizeAudio(once(), 'wav', path);
  return path;
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(EngineError);
  return err as EngineError;
};

describe('the local engine (whisper.cpp)', () => {
  it('has its native build on this machine', () => {
    expect(whisperNative()).not.toBeNull();
  });

  // Without weights the decoder never ends a segment early: it runs to its token limit (15–30 s of
  // CPU here), and hears nothing.
  it('runs whisper.cpp over a recording with a model file from disk (the test model has no weights, so it hears nothing)', async () => {
    const audioPath = await speechWav();
    const engine = localEngine({ modelPath: TEST_MODEL, threads: 2 });
    expect(await engine.transcribe({ audioPath, language: 'en' })).toEqual([]);
  }, 120_000);

  it('says clearly when no model is configured, when the file is not there and when it is not a model', async () => {
    const audioPath = await speechWav();
    expect(
      await failure(localEngine({ modelPath: undefined }).transcribe({ audioPath, language: 'en' })),
    ).toMatchObject({ key: 'recordings.errors.noModel', retryable: false });
    expect(
      await failure(localEngine({ modelPath: join(dir, 'nowhere.bin') }).transcribe({ audioPath, language: 'en' })),
    ).toMatchObject({
      key: 'recordings.errors.modelMissing',
      retryable: false,
    });
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, Buffer.alloc(4096, 7));
    expect(await failure(localEngine({ modelPath: junk }).transcribe({ audioPath, language: 'en' }))).toMatchObject({
      key: 'recordings.errors.modelInvalid',
      retryable: false,
    });
    // A model that loads, and audio whisper.cpp cannot read.
    expect(
      await failure(localEngine({ modelPath: TEST_MODEL }).transcribe({ audioPath: junk, language: 'en' })),
    ).toMatchObject({
      key: 'recordings.errors.localFailed',
      retryable: true,
    });
  });

  it('turns whisper.cpp’s segments (milliseconds) into the engines’ segments, leaving out empty ones', () => {
    expect(
      segmentsFromWhisper({
        segments: [
          { text: ' Where is the red ball?', t0: 120, t1: 1480 },
          { text: '   ', t0: 1480, t1: 1600 },
          { text: ' It is here.', t0: 1600.4, t1: 2390.6 },
        ],
      }),
    ).toEqual([
      { startMs: 120, endMs: 1480, text: 'Where is the red ball?', confidence: null, words: [] },
      { startMs: 1600, endMs: 2391, text: 'It is here.', confidence: null, words: [] },
    ]);
  });
});
