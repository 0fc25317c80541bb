import type { PartOfSpeech, VerbForm } from './grammar';
import type { Lexicon } from './lexicon';

/**
 * English words without a `%mor` tier: their morphemes by CLAN's families (a word is one morpheme,
 * plus one for a regular plural, a regular past -ed, a present participle -ing, a possessive 's, a
 * negated auxiliary n't or an auxiliary contracted onto a pronoun or noun; irregular forms such as
 * went, children, feet are one), their part of speech and their verb form, from the dictionary and
 * verbs catalogs (lexicon.ts).
 */

export type WordAnalysis = { morphemes: number; pos: PartOfSpeech; forms: VerbForm[] };

const BE_PRESENT = new Set(['am', 'is', 'are']);
const BE_PAST = new Set(['was', 'were']);
const BE_BASE = new Set(['be', 'been', 'being']);
const HAVE_PRESENT = new Set(['have', 'has']);
const MODALS = new Set(['can', 'could', 'would', 'should', 'may', 'might', 'must', 'ca']);
const WILL = new Set(['will', 'shall', 'wo']);
const SUBJECT_PRONOUNS = new Set([
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'it',
  'that',
  'this',
  'there',
  'here',
  'what',
  'who',
  'where',
  'how',
]);
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'no',
  'every',
  'each',
  'another',
  'two',
  'three',
  'many',
  'more',
  'all',
  'big',
  'little',
]);
const NEGATIONS = new Set([
  'not',
  "n't",
  'no',
  'never',
  'nobody',
  'nothing',
  'none',
  'nowhere',
  'neither',
  'nor',
  'cannot',
]);
const TYPE_ORDER: PartOfSpeech[] = [
  'pronoun',
  'determiner',
  'preposition',
  'conjunction',
  'interjection',
  'noun',
  'adjective',
  'adverb',
  'verb',
];

/** A CHAT word as English spelling: compounds and multi-word names joined, special-form marks off. */
function spelling(word: string): string {
  return word
    .replace(/@[\s\S]*/, '')
    .replace(/[+_]/g, ' ')
    .replace(/:/g, '')
    .trim();
}

/** Split a contraction: don't → do + n't, it's → it + 's, can't → ca + n't (CHAT writes can't). */
function splitContraction(w: string): [string, string | null] {
  const nt = /^(.+)n't$/.exec(w);
  if (nt) return [nt[1]!, "n't"];
  const clitic = /^(.+)('s|'re|'ll|'ve|'d|'m)$/.exec(w);
  if (clitic && clitic[1] !== 'o') return [clitic[1]!, clitic[2]!];
  return [w, null];
}

function auxForm(w: string, lex: Lexicon, previous: string | undefined): VerbForm | null {
  if (BE_PRESENT.has(w)) return { kind: 'be', time: 'present' };
  if (BE_PAST.has(w)) return { kind: 'be', time: 'past' };
  if (BE_BASE.has(w)) return { kind: 'be', time: 'base' };
  if (HAVE_PRESENT.has(w)) return { kind: 'have', time: 'present' };
  if (w === 'had') return { kind: 'have', time: 'past' };
  if (WILL.has(w)) return { kind: 'will' };
  if (w === 'gonna' || w === 'going') return { kind: 'going' };
  if (w === 'do' || w === 'does') return { kind: 'do', time: 'present' };
  if (w === 'did') return { kind: 'do', time: 'past' };
  if (MODALS.has(w)) return { kind: 'modal' };
  if (w === 'to') return { kind: 'to' };
  const entry = lex.verb(w);
  const nounish = previous !== undefined && DETERMINERS.has(previous);
  if (entry) {
    if (entry.base === w) return nounish ? null : { kind: 'verb', form: 'base' };
    if (entry.past) return { kind: 'verb', form: 'past' };
    if (entry.participle) return { kind: 'verb', form: 'participle' };
  }
  // The verbs catalog has the irregular verbs and the most frequent regular ones; the dictionary
  // knows every other verb (WordNet's 11,500), all regular.
  const verb = (stem: string) =>
    lex.verb(stem) ??
    (lex.types(stem).has('verb') ? { base: stem, past: false, participle: false, irregular: false } : null);
  if (w.endsWith('ing') && w.length > 4) {
    const base =
      verb(w.slice(0, -3)) ?? verb(`${w.slice(0, -3)}e`) ?? (/([^aeiou])\1ing$/.test(w) ? verb(w.slice(0, -4)) : null);
    if (base && !nounish) return { kind: 'verb', form: 'gerund' };
  }
  if (w.endsWith('ed') && w.length > 3) {
    const base =
      verb(w.slice(0, -2)) ??
      verb(w.slice(0, -1)) ??
      verb(`${w.slice(0, -3)}y`) ??
      (/([^aeiou])\1ed$/.test(w) ? verb(w.slice(0, -3)) : null);
    if (base && !base.irregular) return { kind: 'verb', form: 'past' };
  }
  if (w.endsWith('s') && !nounish && previous !== undefined && SUBJECT_PRONOUNS.has(previous)) {
    const base = verb(w.slice(0, -1)) ?? verb(w.slice(0, -2)) ?? verb(`${w.slice(0, -3)}y`);
    if (base) return { kind: 'verb', form: 'present' };
  }
  return null;
}

function isRegularPlural(w: string, lex: Lexicon, form: VerbForm | null): boolean {
  if (form || !w.endsWith('s') || w.endsWith('ss') || w.length < 3) return false;
  if (lex.types(w).size && !lex.types(w).has('noun')) return false;
  if (lex.irregularPlural(w)) return false;
  const stems = [
    w.slice(0, -1),
    w.endsWith('es') ? w.slice(0, -2) : '',
    w.endsWith('ies') ? `${w.slice(0, -3)}y` : '',
  ].filter(Boolean);
  return stems.some((s) => lex.types(s).has('noun'));
}

function posOf(w: string, lex: Lexicon, form: VerbForm | null, original: string): PartOfSpeech {
  if (form && form.kind !== 'to') return 'verb';
  if (w === 'to') return 'preposition';
  const types = lex.types(w);
  for (const t of TYPE_ORDER) if (types.has(t) && t !== 'verb') return t;
  if (isRegularPlural(w, lex, form)) return 'noun';
  if (types.has('verb')) return 'verb';
  if (/^\p{Lu}/u.test(original)) return 'noun';
  return 'other';
}

/** One English word of the main tier: morphemes, part of speech and verb forms. */
export function englishWord(word: string, previous: string | undefined, lex: Lexicon, next?: string): WordAnalysis {
  const text = spelling(word);
  if (text.includes(' ')) {
    // A compound (ice+cream) or a name (Humpty_Dumpty) is one word and one morpheme.
    return { morphemes: 1, pos: 'noun', forms: [] };
  }
  const lower = text.toLowerCase();
  const [head, clitic] = splitContraction(lower);
  const prev = previous?.toLowerCase();
  if (clitic === "n't") {
    const base = head === 'ca' ? 'can' : head === 'wo' ? 'will' : head;
    const form = auxForm(base, lex, prev);
    // CLAN counts not on an auxiliary or a modal (don't, can't), not on the copula (isn't).
    const copula = base === 'ai' || BE_PRESENT.has(base) || BE_PAST.has(base);
    return { morphemes: copula ? 1 : 2, pos: 'verb', forms: form ? [form] : [{ kind: 'modal' }] };
  }
  if (clitic) {
    const headForm = auxForm(head, lex, prev);
    const cliticForm: VerbForm | null =
      clitic === "'ll"
        ? { kind: 'will' }
        : clitic === "'ve"
          ? { kind: 'have', time: 'present' }
          : clitic === "'d"
            ? { kind: 'have', time: 'past' }
            : clitic === "'s" &&
                !SUBJECT_PRONOUNS.has(head) &&
                lex.types(head).has('noun') &&
                !lex.types(head).has('pronoun')
              ? null
              : { kind: 'be', time: 'present' };
    // CLAN counts an auxiliary contracted onto a pronoun or noun (he's going, I've seen), not the
    // copula (it's red), will / would ('ll, 'd) or the possessive, as CHILDES's MOR tags them.
    const nextForm = next === undefined ? null : auxForm(spelling(next).toLowerCase(), lex, head);
    const auxiliary =
      clitic === "'ve" ||
      (cliticForm?.kind === 'be' &&
        (nextForm?.kind === 'going' ||
          (nextForm?.kind === 'verb' && (nextForm.form === 'gerund' || nextForm.form === 'participle'))));
    return {
      morphemes: auxiliary ? 2 : 1,
      pos: posOf(head, lex, headForm, text),
      forms: [headForm, cliticForm].filter((f): f is VerbForm => f !== null),
    };
  }
  const form = auxForm(lower, lex, prev);
  let morphemes = 1;
  // going / gonna: go + -ing (CLAN's `part|go-PRESP`).
  if (form?.kind === 'going') morphemes = 2;
  else if (
    form?.kind === 'verb' &&
    (form.form === 'gerund' ||
      (form.form === 'past' && !lex.verb(lower)?.irregular && lower.endsWith('ed') && lex.verb(lower)?.base !== lower))
  )
    morphemes = 2;
  else if (isRegularPlural(lower, lex, form)) morphemes = 2;
  return { morphemes, pos: posOf(lower, lex, form, text), forms: form ? [form] : [] };
}

export function englishNegation(words: string[]): boolean {
  return words.some((w) => {
    const lower = spelling(w).toLowerCase();
    return NEGATIONS.has(lower) || lower.endsWith("n't");
  });
}
