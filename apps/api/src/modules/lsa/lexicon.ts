import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * What the English derivation needs to know of the words of one sample, read from the dictionary
 * and verbs catalogs in two queries (whatever the sample's size): each word's parts of speech, and
 * which verb a form belongs to. Built per analysis, so an editor's change to a catalog counts from
 * the next analysis on, on every instance.
 */
export type Lexicon = {
  /** The dictionary's parts of speech of a lowercase word (`noun`, `verb`, `pronoun`…). */
  types(word: string): ReadonlySet<string>;
  /** The verb a lowercase form belongs to and what the form is, or null when it is no verb form. */
  verb(form: string): VerbEntry | null;
  /** Whether a lowercase word is an irregular plural the dictionary lists (`children`, `feet`). */
  irregularPlural(word: string): boolean;
};

export type VerbEntry = { base: string; past: boolean; participle: boolean; irregular: boolean };

export const EMPTY_LEXICON: Lexicon = { types: () => new Set(), verb: () => null, irregularPlural: () => false };

/** The stems a form may come from by English inflection (dogs → dog, tried → try, running → run). */
export function stemCandidates(word: string): string[] {
  const w = word.toLowerCase();
  const out = new Set([w]);
  const add = (s: string) => s.length > 1 && out.add(s);
  if (w.endsWith('s')) add(w.slice(0, -1));
  if (w.endsWith('es')) add(w.slice(0, -2));
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`);
  if (w.endsWith('ed')) {
    add(w.slice(0, -2));
    add(w.slice(0, -1));
    if (/([^aeiou])\1ed$/.test(w)) add(w.slice(0, -3));
  }
  if (w.endsWith('ied')) add(`${w.slice(0, -3)}y`);
  if (w.endsWith('ing')) {
    add(w.slice(0, -3));
    add(`${w.slice(0, -3)}e`);
    if (/([^aeiou])\1ing$/.test(w)) add(w.slice(0, -4));
    if (w.endsWith('ying')) add(`${w.slice(0, -4)}ie`);
  }
  return [...out];
}

/** The words a sample's lexicon is read for: each word and the stems it may come from, once. */
export function lexiconCandidates(words: Iterable<string>): string[] {
  return [...new Set([...words].flatMap(stemCandidates))];
}

/**
 * The catalogs' rows for a sample's words, as read: plain data, so the database is read on the main
 * thread and the Lexicon is built beside the analysis in a worker thread (decision 020).
 */
export type LexiconRows = {
  dictionary: { word: string; type: string; definition: string | null }[];
  verbs: { base_form: string; past_simple: string; past_participle: string; type: string }[];
};

/** Read the catalogs' entries for these candidates (`lexiconCandidates`) in two queries. */
export async function queryLexicon(db: Queryable, candidates: readonly string[]): Promise<LexiconRows> {
  if (!candidates.length) return { dictionary: [], verbs: [] };
  const [dictionary, verbs] = await Promise.all([
    db.query<LexiconRows['dictionary'][number]>(
      // The dictionary keeps a word's case ("I", "Monday"): ask for both, compare in lower case.
      `SELECT lower(word) AS word, type, definition FROM dictionary WHERE deleted_at IS NULL AND word = ANY($1::text[])`,
      [[...candidates, ...candidates.map((c) => c.charAt(0).toUpperCase() + c.slice(1))]],
    ),
    db.query<LexiconRows['verbs'][number]>(
      `SELECT base_form, past_simple, past_participle, type FROM verbs
        WHERE deleted_at IS NULL AND (base_form = ANY($1::text[])
           OR string_to_array(past_simple, ' / ') && $1::text[]
           OR string_to_array(past_participle, ' / ') && $1::text[])`,
      [candidates],
    ),
  ]);
  return { dictionary: dictionary.rows, verbs: verbs.rows };
}

/** The Lexicon of a sample from its catalogs' rows. */
export function lexiconOf(rows: LexiconRows): Lexicon {
  if (!rows.dictionary.length && !rows.verbs.length) return EMPTY_LEXICON;
  const types = new Map<string, Set<string>>();
  const plurals = new Set<string>();
  for (const row of rows.dictionary) {
    const set = types.get(row.word) ?? new Set<string>();
    set.add(row.type);
    types.set(row.word, set);
    if (row.type === 'noun' && row.definition?.startsWith('plural of')) plurals.add(row.word);
  }
  const forms = new Map<string, VerbEntry>();
  for (const v of rows.verbs) {
    const irregular = v.type === 'irregular';
    const put = (form: string, entry: Omit<VerbEntry, 'base' | 'irregular'>) => {
      const old = forms.get(form);
      forms.set(form, {
        base: v.base_form,
        irregular,
        past: entry.past || (old?.past ?? false),
        participle: entry.participle || (old?.participle ?? false),
      });
    };
    for (const p of v.past_simple.split(' / ')) put(p, { past: true, participle: false });
    for (const p of v.past_participle.split(' / ')) put(p, { past: false, participle: true });
    if (!forms.has(v.base_form) || forms.get(v.base_form)!.base !== v.base_form)
      forms.set(v.base_form, { base: v.base_form, irregular, past: false, participle: false });
  }
  return {
    types: (word) => types.get(word) ?? new Set(),
    verb: (form) => forms.get(form) ?? null,
    irregularPlural: (word) => plurals.has(word),
  };
}
