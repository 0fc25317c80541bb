import { BROWN_STAGES, type BrownStage, type Measures, type UtteranceDetail } from '@habla/shared/schemas/lsa';
import {
  parseChat,
  parseTextTranscript,
  type ReadOptions,
  type Transcript,
  type TranscriptUtterance,
} from '../recordings/transcript-formats';
import { freqForm, mainTierWords, morItems, type MainWords, type MorItem } from './clan-rules';
import { englishNegation, englishWord, type WordAnalysis } from './english';
import {
  PARTS_OF_SPEECH,
  SENTENCE_TYPES,
  tensesOf,
  VERB_TENSES,
  type PartOfSpeech,
  type SentenceType,
  type VerbForm,
  type VerbTense,
} from './grammar';
import { EMPTY_LEXICON, type Lexicon } from './lexicon';
import { negatedByMor, posOfItem, verbFormsOfMor } from './mor-tags';
import { spanishNegation, spanishWord } from './spanish';

/**
 * The language-sample measures of one speaker (docs/product.md §10; decision 019): what CLAN's
 * `mlu` and `freq` print with their default options (utterances, MLU in words and morphemes, TNW,
 * NDW, TTR, and MATTR as `freq +b50`), Brown's stage, and the clinician's overview (sentence types,
 * verb tenses, parts of speech). The same code answers `POST /api/lsa/analyze` and computes an
 * assessment's measures.
 */

export type Language = 'en' | 'es';
export type SampleFormat = 'chat' | 'text';
export { BROWN_STAGES };

export type { Measures, UtteranceDetail };

/** MATTR's window, in words: CLAN's `freq +b50`. */
export const MATTR_WINDOW = 50;

/** A sample that cannot be analysed: the field and a message key, with the line for a file. */
export class SampleError extends Error {
  constructor(
    readonly field: 'text' | 'speaker',
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'SampleError';
  }
}

/**
 * CLAN prints a float quotient with `%.3f`: the same single-precision division, rounded half to
 * even on an exact tie as C's printf does.
 */
export function clanRound3(numerator: number, denominator: number): number {
  if (!denominator) return 0;
  const q = Math.fround(Math.fround(numerator) / Math.fround(denominator));
  const scaled = q * 1000;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const n = diff > 0.5 ? floor + 1 : diff < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return n / 1000;
}

/** Brown's stage by MLU in morphemes: I < 2.0 ≤ II < 2.5 ≤ III < 3.0 ≤ IV < 3.75 ≤ V < 4.5 ≤ V+. */
export function brownStage(mluM: number): BrownStage {
  if (mluM < 2) return 'I';
  if (mluM < 2.5) return 'II';
  if (mluM < 3) return 'III';
  if (mluM < 3.75) return 'IV';
  if (mluM < 4.5) return 'V';
  return 'V+';
}

/**
 * SALT-style plain text as CHAT's main tier: a maze in parentheses `(the the) dog` is retraced
 * material, `dog/s` is a bound morpheme (SALT writes them after a slash). A word is tried only from
 * its first letter (the lookbehind): tried from every letter of a long word without a slash, the
 * expression took quadratic time (decision 005, "Text readers in linear time").
 */
function saltToChat(text: string): { text: string; bound: Map<string, number> } {
  const bound = new Map<string, number>();
  const chat = text
    .replace(/\(([^()]*)\)/g, (_, maze: string) => (maze.trim() ? `<${maze.trim()}> [/]` : ''))
    .replace(/(?<![\p{L}'])([\p{L}']+)\/([\p{L}\d'/]+)/gu, (_, stem: string, suffixes: string) => {
      const parts = suffixes.split('/');
      const word = stem + parts.map((p) => p.replace(/^3s$/, 's').replace(/^z$/, "'s")).join('');
      const counted = parts.filter((p) => /^(s|es|z|ed|d|ing|n't|'s|'ll|'re|'ve|'d|'m)$/i.test(p)).length;
      bound.set(word, Math.min(2, 1 + counted));
      return word;
    });
  return { text: chat, bound };
}

type Reading = {
  utterance: TranscriptUtterance;
  index: number;
  main: MainWords;
  mor: { items: MorItem[]; unintelligible: boolean } | null;
  /** Per counted word (mluWords order) when derived from the words. */
  derived: WordAnalysis[];
  bound: Map<string, number>;
};

export type AnalysisInput = { language: Language; format: SampleFormat; text: string; speaker?: string | undefined };

export function parseSample(
  input: Pick<AnalysisInput, 'format' | 'text' | 'language'>,
  options: ReadOptions = {},
): Transcript {
  return input.format === 'chat'
    ? parseChat(input.text, options)
    : parseTextTranscript(input.text, input.language, options);
}

/** The speaker analysed by default: the target child, else CHI, else the first participant. */
export function defaultSpeaker(t: Transcript): string {
  return (
    (
      t.participants.find((p) => p.role.toLowerCase() === 'target_child') ??
      t.participants.find((p) => p.code === 'CHI') ??
      t.participants[0]
    )?.code ?? 'CHI'
  );
}

/** The words of the chosen speaker's utterances (for the lexicon's one query). */
export function sampleWords(t: Transcript, speaker: string, format: SampleFormat): string[] {
  return t.utterances
    .filter((u) => u.code === speaker)
    .flatMap((u) => mainTierWords(format === 'text' ? saltToChat(u.text).text : u.text).words);
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** Measures of one speaker of a parsed sample. */
export function analyzeTranscript(
  t: Transcript,
  options: { language: Language; format: SampleFormat; speaker?: string | undefined; lexicon?: Lexicon },
): { measures: Measures; details: UtteranceDetail[] } {
  const speaker = options.speaker ?? defaultSpeaker(t);
  if (!t.participants.some((p) => p.code === speaker))
    throw new SampleError('speaker', 'lsa.errors.speaker', { speaker });
  const lexicon = options.lexicon ?? EMPTY_LEXICON;
  const wordOf = (w: string, prev: string | undefined, next: string | undefined) =>
    options.language === 'es' ? spanishWord(w, prev) : englishWord(w, prev, lexicon, next);
  const readings: Reading[] = [];
  t.utterances.forEach((utterance, index) => {
    if (utterance.code !== speaker) return;
    const salt =
      options.format === 'text'
        ? saltToChat(utterance.text)
        : { text: utterance.text, bound: new Map<string, number>() };
    const main = mainTierWords(salt.text);
    const mor = utterance.tiers.mor !== undefined ? morItems(utterance.tiers.mor) : null;
    // The words are read only where no %mor tier says what they are.
    const derived = mor?.items.length
      ? []
      : main.mluWords.map((w, i) => wordOf(w, main.mluWords[i - 1], main.mluWords[i + 1]));
    readings.push({ utterance, index, main, mor, derived, bound: salt.bound });
  });
  const morphemesFrom = readings.some((r) => r.mor) ? 'mor' : 'words';

  // MLU as CLAN counts it: an utterance with xxx/yyy/www or [+ mlue] is left out; a self-completion
  // (+,) after an interruption (+/.) of the same speaker is one utterance with it.
  const mlu = (mode: 'words' | 'mor' | 'derived') => {
    let utterances = 0;
    let count = 0;
    let interrupted = false;
    const perUtterance = new Map<number, number | null>();
    for (const r of readings) {
      if (r.main.selfCompletion && interrupted) {
        if (utterances > 0) utterances--;
        interrupted = false;
      }
      const skip =
        r.main.excludedByPostcode || r.main.unintelligible || (mode === 'mor' && (r.mor?.unintelligible ?? false));
      if (mode === 'mor' && !r.mor) continue;
      if (skip) {
        perUtterance.set(r.index, null);
        continue;
      }
      let n = 0;
      let found = 0;
      if (mode === 'words') {
        n = r.main.mluWords.length;
        found = r.main.segments;
      } else if (mode === 'mor') {
        n = r.mor!.items.reduce((s, i) => s + i.morphemes, 0);
        found = r.mor!.items.length ? 1 : 0;
      } else {
        n = r.main.mluWords.reduce((s, w, i) => s + (r.bound.get(w) ?? r.derived[i]!.morphemes), 0);
        found = r.main.segments;
      }
      perUtterance.set(r.index, found ? n : null);
      utterances += found;
      count += n;
      interrupted = r.main.interrupted;
    }
    return { utterances, count, perUtterance };
  };
  const w = mlu('words');
  const m = mlu(morphemesFrom === 'mor' ? 'mor' : 'derived');

  // FREQ: every word of the speaker, retraced material and unintelligible words left out.
  const tokens = readings.flatMap((r) => r.main.words.map(freqForm));
  const types = new Set(tokens).size;
  let mattrSum = 0;
  let windows = 0;
  if (tokens.length >= MATTR_WINDOW) {
    const counts = new Map<string, number>();
    tokens.forEach((tok, i) => {
      counts.set(tok, (counts.get(tok) ?? 0) + 1);
      if (i >= MATTR_WINDOW) {
        const out = tokens[i - MATTR_WINDOW]!;
        const c = counts.get(out)! - 1;
        if (c) counts.set(out, c);
        else counts.delete(out);
      }
      if (i >= MATTR_WINDOW - 1) {
        mattrSum = Math.fround(mattrSum + Math.fround(counts.size / MATTR_WINDOW));
        windows++;
      }
    });
  }

  const sentenceTypes = zeroes(SENTENCE_TYPES);
  const verbTenses = zeroes(VERB_TENSES);
  const partsOfSpeech = zeroes(PARTS_OF_SPEECH);
  const details: UtteranceDetail[] = readings.map((r) => {
    const useMor = r.mor !== null && r.mor.items.length > 0;
    const forms: VerbForm[] = useMor ? verbFormsOfMor(r.mor!.items) : r.derived.flatMap((d) => d.forms);
    const pos: PartOfSpeech[] = useMor ? r.mor!.items.map(posOfItem) : r.derived.map((d) => d.pos);
    for (const p of pos) partsOfSpeech[p]++;
    const counted = (morphemesFrom === 'mor' ? m : w).perUtterance.get(r.index) ?? null;
    const excluded =
      r.main.unintelligible || r.mor?.unintelligible
        ? 'unintelligible'
        : r.main.excludedByPostcode
          ? 'postcode'
          : counted === null || !r.main.mluWords.length
            ? 'no_words'
            : null;
    let sentenceType: SentenceType | null = null;
    let tenses: VerbTense[] = [];
    if (!excluded) {
      const negated = useMor
        ? negatedByMor(r.mor!.items)
        : options.language === 'es'
          ? spanishNegation(r.main.words)
          : englishNegation(r.main.words);
      sentenceType = r.main.terminator?.includes('?') ? 'interrogative' : negated ? 'negative' : 'affirmative';
      sentenceTypes[sentenceType]++;
      tenses = tensesOf(forms);
      for (const tense of new Set(tenses)) verbTenses[tense]++;
    }
    return {
      index: r.index,
      text: r.utterance.text,
      words: r.main.words.map(freqForm),
      morphemes: excluded ? null : (m.perUtterance.get(r.index) ?? null),
      excluded,
      sentence_type: sentenceType,
      verb_tenses: [...new Set(tenses)],
    };
  });

  const mluM = clanRound3(m.count, m.utterances);
  return {
    measures: {
      speaker,
      language: options.language,
      utterances: {
        total: readings.length,
        excluded_unintelligible: readings.filter((r) => r.main.unintelligible || r.mor?.unintelligible).length,
      },
      mlu_w: { utterances: w.utterances, words: w.count, value: clanRound3(w.count, w.utterances) },
      mlu_m: { utterances: m.utterances, morphemes: m.count, value: mluM },
      tnw: tokens.length,
      ndw: types,
      ttr: clanRound3(types, tokens.length),
      mattr: windows ? clanRound3(mattrSum, windows) : null,
      brown_stage: brownStage(mluM),
      sentence_types: sentenceTypes,
      verb_tenses: verbTenses,
      parts_of_speech: partsOfSpeech,
      morphemes_from: morphemesFrom,
    },
    details,
  };
}
