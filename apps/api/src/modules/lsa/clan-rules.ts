/**
 * CLAN's counting rules for one CHAT utterance (docs/product.md §10, decision 019): which words of
 * a main tier count, and how many morphemes a `%mor` item is. These follow what CLAN's `mlu` and
 * `freq` (TalkBank, version of 20-Feb-2025) do with their default options, checked word by word
 * against CLAN's own output on the transcripts of `test/fixtures/chat` (lsa.clan.test.ts):
 *
 * - retraced material (`<…> [/]`, `[//]`, `[///]`, `[/?]`, `[/-]`) is left out;
 * - a replacement (`word [: target]`) counts as its target;
 * - fillers, fragments, events and other `&`-words, omitted words (`0word`), pauses, terminators,
 *   linkers (`+…`) and codes (`$…`, `:…`) are not words;
 * - `xxx`, `yyy` and `www` (unintelligible, phonological, untranscribed) are not words, and an
 *   utterance holding one of them outside retraced material is left out of MLU altogether;
 * - an utterance with the postcode `[+ mlue]` is left out of MLU;
 * - a `%mor` item is one morpheme plus at most one more for a plural, a regular past, a present
 *   participle, a possessive, a negated auxiliary or an auxiliary clitic on a noun or pronoun.
 */

/** A word of the main tier as CLAN prints it (parentheses and prosodic marks removed). */
export type MainWords = {
  /** The words that count, in order (what CLAN's `freq` lists). */
  words: string[];
  /** The words MLU counts (CLAN's `mlu -t%mor`): `uh` and `um` left out too. */
  mluWords: string[];
  /** How many utterances MLU counts on this line: 1, 0 without words, more when a code splits it. */
  segments: number;
  /** xxx / yyy / www outside retraced material: MLU leaves the utterance out. */
  unintelligible: boolean;
  /** `[+ mlue]`: MLU leaves the utterance out. */
  excludedByPostcode: boolean;
  /** The utterance continues an interrupted one of the same speaker (`+,` self-completion). */
  selfCompletion: boolean;
  /** The utterance was interrupted or trailed off (`+/.`, `+//.`, `+/?`, `+//?`, `+...`, `+..?`). */
  interrupted: boolean;
  /** The terminator: `.`, `?`, `!` or a `+` code (`+/.`, `+...`). */
  terminator: string | null;
  /** Words left out by retracing, with their count, for an explanation on screen. */
  retraced: number;
};

type Item = { kind: 'word'; text: string; codes: string[] } | { kind: 'group'; items: Item[]; codes: string[] };

const NAK = String.fromCharCode(0x15);
const BULLETS = new RegExp(`${NAK}[^${NAK}]*${NAK}`, 'g');
const RETRACE = /^\[\/(\/{0,2}|\?|-)\]$/;
const PAUSE = /^\(\d*(\.\d*)*\)$|^\(\.+\)$/;
const INTERRUPTIONS = new Set(['+/.', '+//.', '+/?', '+//?', '+...', '+..?']);
/** Marks inside a word that CLAN drops before counting and listing it. */
const WORD_MARKS = /[()⌈⌉⌊⌋〔〕^↑↓ˈˌ≠↗↘→↖↙∬≋∆∇°▁▔☺♋Ϋ∲§∾↻Ἡ„‡“”¿¡]/g;
const UNINTELLIGIBLE = /^(xxx|yyy|www)(@.*)?$/i;
/** Words CLAN's mlu leaves out by default (its `+uh`, `+um` word list). */
const MLU_SKIPPED = new Set(['uh', 'um']);

/**
 * A terminator written against the word before it (`yes.`, `what?!`): the word and its trailing
 * `.?!` run, or null. What `/^([^+].*?)([.?!]+)$/` split, split by position: the expression took
 * quadratic time on `a` + many dots + `x` (decision 005, "Text readers in linear time"). As with it,
 * the word keeps at least its first character (`?!?` → `?` + `!?`) and a `+` word is never split.
 */
function splitTerminator(word: string): [string, string] | null {
  if (!word || word[0] === '+') return null;
  let at = word.length;
  while (at > 1 && TERMINATOR_CHARS.has(word[at - 1]!)) at--;
  return at === word.length ? null : [word.slice(0, at), word.slice(at)];
}
const TERMINATOR_CHARS = new Set(['.', '?', '!']);

function tokens(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  const text = line.replace(BULLETS, ' ');
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '[') {
      const end = text.indexOf(']', i);
      const stop = end < 0 ? text.length : end + 1;
      out.push(text.slice(i, stop).replace(/\s+/g, ' '));
      i = stop;
      continue;
    }
    if (c === '+' && text[i + 1] === ',') {
      out.push('+,');
      i += 2;
      continue;
    }
    if (c === '<' || c === '>' || c === ',' || c === '„' || c === '‡' || c === ';') {
      out.push(c);
      i++;
      continue;
    }
    if (c === ']') {
      // A `]` that closes no code is no word: skipped (the loop below would stand still on it).
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && !/[\s[\]<>,;„‡]/.test(text[j]!)) j++;
    // A terminator written against the word before it (`yes.`): CLAN reads it as a terminator.
    const word = text.slice(i, j);
    const tail = splitTerminator(word);
    if (tail && !PAUSE.test(word) && !word.startsWith('(')) {
      out.push(tail[0], tail[1]);
    } else out.push(word);
    i = j;
  }
  return out;
}

function parseItems(line: string, flat = tokens(line)): { items: Item[]; terminator: string | null } {
  const root: Item[] = [];
  const stack: Item[][] = [root];
  let terminator: string | null = null;
  for (const t of flat) {
    const here = stack[stack.length - 1]!;
    if (t === '<') {
      const group: Item = { kind: 'group', items: [], codes: [] };
      here.push(group);
      stack.push(group.items);
    } else if (t === '>') {
      if (stack.length > 1) stack.pop();
    } else if (t.startsWith('[')) {
      const last = here[here.length - 1];
      if (last) last.codes.push(t);
      else if (stack.length > 1) {
        // A code right after a group closes (`<a b> [/]`) attaches to that group.
        const parent = stack[stack.length - 2]!;
        parent[parent.length - 1]?.codes.push(t);
      }
    } else if (/^[.?!]$/.test(t) || (t.startsWith('+') && /^\+[.?!/"<^,+=]/.test(t))) {
      if (t !== '+,') terminator ??= t;
      here.push({ kind: 'word', text: t, codes: [] });
    } else here.push({ kind: 'word', text: t, codes: [] });
  }
  return { items: root, terminator };
}

/** The word as CLAN counts and lists it, or null when it is not a word. */
export function cleanWord(raw: string): string | null {
  if (!raw || raw === ',' || raw === '„' || raw === '‡' || raw === ';') return null;
  const first = raw[0]!;
  if (first === '&' || first === '+' || first === '$' || first === ':' || first === '#') return null;
  if (/^[.?!]+$/.test(raw) || PAUSE.test(raw)) return null;
  if (first === '0') return null;
  const word = raw.replace(WORD_MARKS, '');
  if (!word || /^[.?!]+$/.test(word)) return null;
  return word;
}

type Collected = { words: string[]; unintelligible: boolean; retraced: number; breaks: number[] };

const collected = (): Collected => ({ words: [], unintelligible: false, retraced: 0, breaks: [] });

/**
 * CLAN ends an utterance at every `.`, `?` or `!` that is not inside a word starting with `[`, so a
 * code such as `[= ?]` or `[% is it?]` splits the main tier's count in two (its MLU counts two
 * utterances there). Habla counts the same.
 */
function splitsUtterance(code: string): boolean {
  return code.split(/\s+/).some((chunk) => /[.?!]/.test(chunk) && !chunk.includes('['));
}

/**
 * One list of items being walked: into `acc`, or, for retraced material, into a count of its own
 * that is added to the parent's `retraced` when the list is done. `item` is the item whose content
 * the list is (its codes may end an utterance once its words are in).
 */
type Frame = { items: Item[]; next: number; acc: Collected; item: Item | null; parent: Frame | null };

/**
 * The words of `items`, in order, into `acc`: retraced material counted apart, a replacement read
 * as its target, groups opened. A walk with an explicit stack (not recursion), so that any depth of
 * `<…>` nesting takes time in proportion to its length and no call stack (decision 005).
 */
function collect(items: Item[], acc: Collected): void {
  const stack: Frame[] = [{ items, next: 0, acc, item: null, parent: null }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.items.length) {
      stack.pop();
      const { item, parent } = frame;
      if (!item || !parent) continue;
      // A retraced group's words were counted into a count of its own.
      if (frame.acc !== parent.acc) parent.acc.retraced += frame.acc.words.length;
      itemDone(item, parent.acc);
      continue;
    }
    const item = frame.items[frame.next++]!;
    const acc = frame.acc;
    if (item.codes.some((c) => RETRACE.test(c))) {
      if (item.kind === 'word') {
        acc.retraced += 1;
        itemDone(item, acc);
      } else stack.push({ items: item.items, next: 0, acc: collected(), item, parent: frame });
      continue;
    }
    const replacement = item.codes.find((c) => c.startsWith('[: ') || c.startsWith('[:: '));
    if (replacement) {
      const target = replacement.replace(/^\[::? /, '').replace(/\]$/, '');
      stack.push({ items: parseItems(target).items, next: 0, acc, item, parent: frame });
      continue;
    }
    if (item.kind === 'group') {
      stack.push({ items: item.items, next: 0, acc, item, parent: frame });
      continue;
    }
    const word = cleanWord(item.text);
    if (word !== null) {
      if (UNINTELLIGIBLE.test(word)) acc.unintelligible = true;
      else acc.words.push(word);
    }
    itemDone(item, acc);
  }
}

/** After an item's words: a code of it with a `.?!` ends an utterance there. */
function itemDone(item: Item, acc: Collected): void {
  if (item.codes.some(splitsUtterance)) acc.breaks.push(acc.words.length);
}

/** The main tier of one utterance read with CLAN's rules. */
export function mainTierWords(line: string): MainWords {
  const flat = tokens(line);
  const { items, terminator } = parseItems(line, flat);
  const acc = collected();
  collect(items, acc);
  const mlu = mluWords(acc.words);
  let segments = 0;
  let from = 0;
  for (const at of [...acc.breaks, acc.words.length]) {
    if (mluWords(acc.words.slice(from, at)).length) segments++;
    from = at;
  }
  return {
    words: acc.words,
    mluWords: mlu,
    segments,
    unintelligible: acc.unintelligible,
    excludedByPostcode: flat.some((t) => /^\[\+ mlue\]$/i.test(t)),
    selfCompletion: flat.includes('+,'),
    interrupted: flat.some((t) => INTERRUPTIONS.has(t)),
    terminator,
    retraced: acc.retraced,
  };
}

/** A word as CLAN's `freq` lists it: lengthening colons (`no:`, `mi:lk`) dropped, `@` suffixes kept. */
export function freqForm(word: string): string {
  const at = word.indexOf('@');
  return at < 0 ? word.replace(/:/g, '') : word.slice(0, at).replace(/:/g, '') + word.slice(at);
}

/** The words MLU counts on the main tier (CLAN's `mlu -t%mor`): `uh` and `um` are left out too. */
export function mluWords(words: string[]): string[] {
  return words.filter((w) => !MLU_SKIPPED.has(w.toLowerCase()));
}

/** One `%mor` item: its part of speech, stem and the morphemes CLAN counts for it. */
export type MorItem = { pos: string; stem: string; raw: string; morphemes: number };

/** Items that are not words: fillers `uh` / `um`, and the comma's item of newer taggers. */
const MOR_SKIPPED = new Set(['fil|uh', 'fil|um', 'cm|cm']);

/** CLAN's morpheme count of one `%mor` item (its `countMorphs`). */
export function morphemesOf(item: string): number {
  if (item === '0') return 0;
  const body = item.split('^')[0]!;
  const has = (s: string) => body.includes(s);
  const plural = has('-Plur') || has('-PL');
  const past = has('-Past') || has('-PAST');
  const irregular = has('-Irr');
  const participle = has('-Part') || has('-PRESP');
  const present = has('-Pres') || has('-PRESP');
  const possessive = has('~part|s') || has('-POSS');
  const negated = has('~part|not') || has('~neg|not');
  const auxClitic = has('~aux|');
  const aux = body.startsWith('aux|') || body.startsWith('mod|');
  const nominal =
    body.startsWith('noun|') || body.startsWith('pron|') || body.startsWith('n|') || body.startsWith('pro:');
  if (possessive || plural) return 2;
  if (past && !irregular) return 2;
  if (participle && present) return 2;
  if (aux && negated) return 2;
  if (nominal && auxClitic) return 2;
  return 1;
}

/** The items of a `%mor` tier that count, and whether it marks the utterance unintelligible. */
export function morItems(tier: string): { items: MorItem[]; unintelligible: boolean } {
  const items: MorItem[] = [];
  let unintelligible = false;
  for (const raw of tier.replace(BULLETS, ' ').split(/\s+/)) {
    if (
      !raw ||
      /^[.?!]+$/.test(raw) ||
      raw.startsWith('+') ||
      raw.startsWith('[') ||
      raw === ',' ||
      raw === '„' ||
      raw === '‡'
    )
      continue;
    const lower = raw.toLowerCase();
    if (lower === 'unk|xxx' || lower === 'unk|yyy' || lower === 'unk|www') {
      unintelligible = true;
      continue;
    }
    if (
      MOR_SKIPPED.has(lower) ||
      raw.startsWith('0') ||
      raw.startsWith('$') ||
      raw.startsWith(':') ||
      raw.startsWith('-')
    )
      continue;
    const bar = raw.indexOf('|');
    const pos = bar > 0 ? raw.slice(0, bar) : '';
    const stem = (bar > 0 ? raw.slice(bar + 1) : raw).split(/[-&~^=#]/)[0]!;
    items.push({ pos, stem, raw, morphemes: morphemesOf(raw) });
  }
  return { items, unintelligible };
}
