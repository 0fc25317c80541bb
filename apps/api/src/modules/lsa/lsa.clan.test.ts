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
const FIGURES = JSON.parse(readFileSync(join(FIXTURES, 'chat', 'clan-figures.json'), 'utf8')) as Record<string, Figures>;
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

  it.each(Object.entries(FIGURES).filter(([f]) => !f.startsWith('sample-')))('%s: utterances, words, morphemes, MLU, TNW, NDW, TTR, MATTR and stage', (file, clan) => {
    const m = measure(read(file));
    expect(m.speaker).toBe(clan.speaker);
    expect(m.morphemes_from).toBe('mor');
    expect(m.mlu_m).toEqual(clan.mlu_m);
    expect(m.mlu_w).toEqual(clan.mlu_w);
    expect({ tnw: m.tnw, ndw: m.ndw, ttr: m.ttr, mattr: m.mattr }).toEqual({ tnw: clan.tnw, ndw: clan.ndw, ttr: clan.ttr, mattr: clan.mattr });
    // Brown's stage from CLAN's MLU-m (docs/product.md §10).
    const v = clan.mlu_m!.value;
    expect(m.brown_stage).toBe(v < 2 ? 'I' : v < 2.5 ? 'II' : v < 3 ? 'III' : v < 3.75 ? 'IV' : v < 4.5 ? 'V' : 'V+');
  });

  it.each(['sample-en', 'sample-es'])('%s: the plain-text sample reproduces CLAN’s MLU in words, TNW and NDW of its CHAT twin', (name) => {
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
  });
});
