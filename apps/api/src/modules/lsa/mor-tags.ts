import type { MorItem } from './clan-rules';
import type { PartOfSpeech, VerbForm } from './grammar';

/**
 * Parts of speech and verb forms read from `%mor` items: CHILDES's MOR tags (`v|go&PAST`,
 * `aux|be&3S`, `part|do&PERF`, Spanish `v|tene-3S&PRES`, `aux|esta-3S&PRES`) and the newer
 * UD-style tags of batchalign (`verb|go-Fin-Ind-Past`, `aux|be-Fin-Ind-Pres-S3`).
 */

const POS_BY_TAG: [RegExp, PartOfSpeech][] = [
  [/^(n|noun|propn)(:|$)/, 'noun'],
  [/^(pro|pron)(:|$)/, 'pronoun'],
  [/^(v|verb|aux|cop|mod|part|inf|ger)(:|$)/, 'verb'],
  [/^adj(:|$)/, 'adjective'],
  [/^(adv|neg)(:|$)/, 'adverb'],
  [/^(prep|aprep|adp)(:|$)/, 'preposition'],
  [/^(conj|coord|comp|cconj|sconj)(:|$)/, 'conjunction'],
  [/^(det|qn|art|num)(:|$)/, 'determiner'],
  [/^(co|int|intj)(:|$)/, 'interjection'],
];

export function posOfTag(pos: string): PartOfSpeech {
  // `inf|to` is the infinitive marker, not a verb.
  if (pos === 'inf' || pos === 'part:inf') return 'other';
  for (const [re, name] of POS_BY_TAG) if (re.test(pos.toLowerCase())) return name;
  return 'other';
}

/** The part of speech of a `%mor` item (its first word when it holds clitics: `pro|it~aux|be`). */
export function posOfItem(item: MorItem): PartOfSpeech {
  return posOfTag(item.pos);
}

const has = (raw: string, ...marks: string[]) => marks.some((m) => raw.includes(m));

function timeOf(raw: string): 'present' | 'past' | 'future' | null {
  if (has(raw, '&FUT', '-FUT', '-Fut')) return 'future';
  if (has(raw, 'PAST', '&PRET', '-PRET', '&PAS', '-Past', '&IMPF')) return 'past';
  if (has(raw, '&PRES', '-PRES', '-Pres', '&3S', '-3S', '&1S', '&2S', '&13S', '-Fin')) return 'present';
  return null;
}

/** Lemmas of the auxiliaries as MOR writes them in English and Spanish (stems cut before -r). */
const BE = new Set(['be', 'esta', 'estar']);
const HAVE = new Set(['have', 'habe', 'haber']);
const DO = new Set(['do']);
const WILL = new Set(['will', 'shall']);
const GO = new Set(['go', 'i', 'ir']);

/** One verb form of a `%mor` word (one of its clitics), or null when it is no verb. */
function formOfPart(part: string, next: string[]): VerbForm | null {
  const bar = part.indexOf('|');
  if (bar < 0) return null;
  const pos = part.slice(0, bar).toLowerCase();
  const rest = part.slice(bar + 1);
  const lemma = rest.split(/[-&=~#]/)[0]!.toLowerCase();
  if (pos === 'inf' && lemma === 'to') return { kind: 'to' };
  if (!/^(v|verb|aux|cop|mod|part|inf|ger)(:|$)/.test(pos) && !pos.startsWith('mod:')) return null;
  if (pos.startsWith('mod')) return WILL.has(lemma) ? { kind: 'will' } : { kind: 'modal' };
  const time = timeOf(rest);
  if (has(rest, 'PRESP', '-PROG', '&PROG', '-GER', '-Ger', 'Part-Pres'))
    return GO.has(lemma) && next[0] === 'inf|to' ? { kind: 'going' } : { kind: 'verb', form: 'gerund' };
  if (has(rest, 'PERF', 'PASTP', 'PPART', '-PP', '&PP', 'Part-Past')) return { kind: 'verb', form: 'participle' };
  if (has(rest, '-INF', '&INF') || pos === 'inf') return { kind: 'verb', form: 'infinitive' };
  if (has(rest, '&IMP', '-IMP', '&SUB', '-SUB', '&COND', '-COND')) return { kind: 'modal' };
  if (BE.has(lemma) && (pos === 'aux' || pos === 'cop' || pos.startsWith('v')))
    return { kind: 'be', time: time ?? 'base' };
  if (HAVE.has(lemma) && (pos === 'aux' || next.some((n) => /PERF|PASTP|PPART/.test(n))))
    return { kind: 'have', time: time ?? 'base' };
  if (DO.has(lemma) && pos === 'aux') return { kind: 'do', time: time === 'past' ? 'past' : 'present' };
  // Spanish "ir a" + infinitive is a future: voy a comer.
  if (GO.has(lemma) && time === 'present' && /^prep\|a(=|$)/.test(next[0] ?? '') && /INF/.test(next[1] ?? ''))
    return { kind: 'will' };
  if (time === 'future') return { kind: 'verb', form: 'future' };
  if (time === 'past') return { kind: 'verb', form: 'past' };
  if (time === 'present') return { kind: 'verb', form: 'present' };
  return { kind: 'verb', form: 'base' };
}

/** The verb forms of an utterance's `%mor` items, in order (clitics included: `pro|I~aux|will`). */
export function verbFormsOfMor(items: MorItem[]): VerbForm[] {
  const parts = items.flatMap((i) => i.raw.split('~'));
  const forms: VerbForm[] = [];
  parts.forEach((part, i) => {
    const f = formOfPart(part, parts.slice(i + 1, i + 3));
    if (f) forms.push(f);
  });
  return forms;
}

/** Whether an utterance's `%mor` items hold a negation. */
export function negatedByMor(items: MorItem[]): boolean {
  return items.some((i) =>
    /(^|~)(neg|part)\|not\b|~neg\||^neg\||\|no=no\b|adv\|no(=|$)|adv:neg\||\|nunca|\|nada|\|nadie|\|never\b|\|nothing\b/.test(
      i.raw,
    ),
  );
}
