import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeTranscript, parseSample } from './analyze';

/**
 * Habla's counts against CLAN's own: clan-figures.json holds what TalkBank's CLAN (mlu and freq of
 * 20-Feb-2025, built from its public source) prints for each transcript of test/fixtures/chat —
 * fourteen real CHILDES transcripts, English and Spanish, with retracings, unintelligible speech,
 * replacements, fillers, self-completions — and for the CHAT twins of the plain-text samples
 * (test/fixtures/lsa). clan-figures.mjs writes it; SOURCE.md says where each file comes from.
 */
const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures');
type Figures = {
  speaker: string;
  mlu_m: { utterances: number; morphemes: number; value: number } | null;
  mlu_w: { utterances: number; words: number; value: number };
  ndw: number;
  tnw: number;
  ttr: number;
  mattr: number | null;
};
const FIGURES = JSON.parse(readFileSync(join(FIXTURES, 'chat', 'clan-figures.json'), 'utf8')) as Record<
  string,
  Figures
>;
/** Each transcript's Brown's stage, read by hand from CLAN's MLU-m (docs/product.md §10). */
const STAGES: Record<string, string> = {
  '06f.cha': 'IV', // 3.212
  '81a1.cha': 'IV', // 3.371
  'abe090.cha': 'V+', // 8.95
  'adam22.cha': 'V', // 3.824
  'becky12a.cha': 'II', // 2.136
  'diumar00.cha': 'IV', // 3.645
  'eve01.cha': 'I', // 1.533
  'ida9208.cha': 'V', // 4.081
  'ingabr98.cha': 'III', // 2.71
  'j208b.cha': 'IV', // 3.078
  'laurel-din.cha': 'IV', // 3.475
  'mag2015.cha': 'I', // 1.519
  'peter05.cha': 'II', // 2.315
  'sarah040.cha': 'III', // 2.731
};
const read = (name: string) => readFileSync(join(FIXTURES, name.startsWith('sample-') ? 'lsa' : 'chat', name), 'utf8');
const languageOf = (text: string) => (/^@Languages:\s*spa/m.test(text) ? 'es' : 'en');

function measure(text: string, format: 'chat' | 'text' = 'chat', language: 'en' | 'es' = languageOf(text)) {
  return analyzeTranscript(parseSample({ format, text, language }), { language, format }).measures;
}

describe('the analysis equals CLAN', () => {
  it('covers at least ten real transcripts in English and Spanish', () => {
    const real = Object.keys(FIGURES).filter((f) => !f.startsWith('sample-'));
    expect(real.length).toBeGreaterThanOrEqual(10);
    const languages = real.map((f) => languageOf(read(f)));
    expect(languages.filter((l) => l === 'en').length).toBeGreaterThanOrEqual(5);
    expect(languages.filter((l) => l === 'es').length).toBeGreaterThanOrEqual(5);
    // The set holds what the rules are about: retracings, unintelligible words, self-completions.
    const all = real.map(read).join('\n');
    for (const mark of ['[/]', '[//]', 'xxx', '+,', '[: ', '&-', '0']) expect(all).toContain(mark);
  });

  it.each(Object.entries(FIGURES).filter(([f]) => !f.startsWith('sample-')))(
    '%s: utterances, words, morphemes, MLU, TNW, NDW, TTR, MATTR and stage',
    (file, clan) => {
      const m = measure(read(file));
      expect(m.speaker).toBe(clan.speaker);
      expect(m.morphemes_from).toBe('mor');
      expect(m.mlu_m).toEqual(clan.mlu_m);
      expect(m.mlu_w).toEqual(clan.mlu_w);
      expect({ tnw: m.tnw, ndw: m.ndw, ttr: m.ttr, mattr: m.mattr }).toEqual({
        tnw: clan.tnw,
        ndw: clan.ndw,
        ttr: clan.ttr,
        mattr: clan.mattr,
      });
      // Brown's stage of CLAN's MLU-m (docs/product.md §10), as written in STAGES.
      expect(m.brown_stage).toBe(STAGES[file]);
    },
  );

  it.each(['sample-en', 'sample-es'])(
    '%s: the plain-text sample reproduces CLAN’s MLU in words, TNW and NDW of its CHAT twin',
    (name) => {
      const clan = FIGURES[`${name}.cha`]!;
      const text = read(`${name}.txt`);
      const m = measure(text, 'text', name.endsWith('es') ? 'es' : 'en');
      expect(m.speaker).toBe('CHI');
      expect(m.mlu_w).toEqual(clan.mlu_w);
      expect({ tnw: m.tnw, ndw: m.ndw, ttr: m.ttr }).toEqual({ tnw: clan.tnw, ndw: clan.ndw, ttr: clan.ttr });
      // The CHAT twin gives the same through the CHAT reader.
      const twin = measure(read(`${name}.cha`));
      expect(twin.mlu_w).toEqual(clan.mlu_w);
      expect(twin.mattr).toBe(clan.mattr);
    },
  );
});
