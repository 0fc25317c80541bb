import crypto from 'node:crypto';
import type pg from 'pg';
import { bulkInsert } from './bulk';
import { buildEmojiCatalogs } from './emoji';
import { FUNCTION_WORDS } from './function-words';
import { CATEGORIES, FORMULATIONS, SKILLS, VERB_TENSES } from './grammar-data';
import { buildVerbs } from './verbs';
import { readWordnet } from './wordnet';

/** Bump when the seed gains new content that existing databases should not receive twice. */
export const CATALOG_SEED_KEY = 'catalogs_v1';
/** The closed-class words (function-words.ts), added to dictionaries loaded before them too. */
export const FUNCTION_WORDS_SEED_KEY = 'dictionary_function_words_v1';

const uuid = () => crypto.randomUUID();

/**
 * Load the 12 reference catalogs from real data (WordNet, english-verbs-irregular, emojibase, and
 * the grammar data), once: the `app_meta` key records that it ran and what it loaded, so restarts
 * never duplicate rows nor overwrite editors' changes. One transaction: all or nothing. Returns
 * the row counts, or null when the catalogs were already there.
 */
export async function seedCatalogs(pool: pg.Pool): Promise<Record<string, number> | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One seeder at a time (two processes starting on one database wait here, then see the key).
    await client.query('SELECT pg_advisory_xact_lock(4242001)');
    const done = await client.query('SELECT 1 FROM app_meta WHERE key = $1', [CATALOG_SEED_KEY]);
    if (done.rowCount) {
      const added = await seedFunctionWords(client);
      await client.query('COMMIT');
      return added === null ? null : { dictionary: added };
    }
    const started = Date.now();
    const counts: Record<string, number> = {};
    const { entries, verbFrequency } = readWordnet();
    counts.dictionary = await bulkInsert(
      client,
      'dictionary',
      { word: 'text', type: 'text', definition: 'text', example: 'text', semantic_class: 'text' },
      entries,
    );
    counts.dictionary += (await seedFunctionWords(client)) ?? 0;
    counts.verbs = await bulkInsert(
      client,
      'verbs',
      { base_form: 'text', past_simple: 'text', past_participle: 'text', type: 'text', semantic_complexity: 'int' },
      buildVerbs(verbFrequency),
    );
    counts.verb_tenses = await bulkInsert(
      client,
      'verb_tenses',
      { name: 'text', name_es: 'text', type: 'text', example: 'text', grammatical_function: 'text', order: 'int' },
      VERB_TENSES.map(([name, name_es, type, example, fn], i) => ({
        name,
        name_es,
        type,
        example,
        grammatical_function: fn,
        order: i + 1,
      })),
    );

    const categories = CATEGORIES.map((c, i) => ({
      id: uuid(),
      name: c.name,
      name_es: c.es,
      grammatical_function: c.fn,
      order: i + 1,
      c,
    }));
    counts.grammatical_categories = await bulkInsert(
      client,
      'grammatical_categories',
      { id: 'uuid', name: 'text', name_es: 'text', grammatical_function: 'text', order: 'int' },
      categories,
    );
    const types = categories.flatMap(({ id, c }) =>
      c.types.map(([name, name_es, syntax, complexity, usedTo, items]) => ({
        id: uuid(),
        name,
        name_es,
        category_id: id,
        sentence_syntax: syntax,
        semantic_complexity: complexity,
        used_to: usedTo,
        grammatical_function: c.fn,
        items,
      })),
    );
    counts.grammatical_types = await bulkInsert(
      client,
      'grammatical_types',
      {
        id: 'uuid',
        name: 'text',
        name_es: 'text',
        category_id: 'uuid',
        sentence_syntax: 'text',
        semantic_complexity: 'int',
        used_to: 'text',
        grammatical_function: 'text',
      },
      types,
    );
    const items = types.flatMap((t) =>
      t.items.map((name) => ({ name, type_id: t.id, example: null, semantic_complexity: t.semantic_complexity })),
    );
    counts.grammatical_items = await bulkInsert(
      client,
      'grammatical_items',
      { name: 'text', type_id: 'uuid', example: 'text', semantic_complexity: 'int' },
      items,
    );

    counts.formulations = await bulkInsert(
      client,
      'formulations',
      { name: 'text', language_type: 'text', types: 'text[]', example: 'text' },
      FORMULATIONS.map(([name, language_type, kinds, example]) => ({ name, language_type, types: kinds, example })),
    );

    const emoji = buildEmojiCatalogs();
    const typeIds = new Map(emoji.types.map((t) => [t.key, uuid()]));
    counts.topic_types = await bulkInsert(
      client,
      'topic_types',
      { id: 'uuid', name: 'text', name_es: 'text', description: 'text' },
      emoji.types.map((t) => ({ ...t, id: typeIds.get(t.key) })),
    );
    const topicIds = new Map(emoji.topics.map((t) => [t.key, uuid()]));
    counts.topics = await bulkInsert(
      client,
      'topics',
      { id: 'uuid', name: 'text', name_es: 'text', topic_type_id: 'uuid', picture: 'text' },
      emoji.topics.map((t) => ({ ...t, id: topicIds.get(t.key), topic_type_id: typeIds.get(t.type) })),
    );
    counts.vocabulary = await bulkInsert(
      client,
      'vocabulary',
      { word: 'text', word_es: 'text', type: 'text', topic_id: 'uuid', picture: 'text' },
      emoji.vocabulary.map((v) => ({ ...v, type: 'noun', topic_id: topicIds.get(v.topic) })),
    );

    const targetIds = new Map<string, string>();
    for (const [, , , targets] of SKILLS) for (const t of targets) if (!targetIds.has(t)) targetIds.set(t, uuid());
    const skills = SKILLS.map(([name, name_es, description, targets]) => ({
      id: uuid(),
      name,
      name_es,
      description,
      targets,
    }));
    counts.skills = await bulkInsert(
      client,
      'skills',
      { id: 'uuid', name: 'text', name_es: 'text', description: 'text' },
      skills,
    );
    counts.targets = await bulkInsert(
      client,
      'targets',
      { id: 'uuid', name: 'text' },
      [...targetIds].map(([name, id]) => ({ id, name })),
    );
    await bulkInsert(
      client,
      'skill_targets',
      { skill_id: 'uuid', target_id: 'uuid' },
      skills.flatMap((s) => s.targets.map((t) => ({ skill_id: s.id, target_id: targetIds.get(t) }))),
    );
    await client.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
      CATALOG_SEED_KEY,
      JSON.stringify({ counts, ms: Date.now() - started }),
    ]);
    await client.query('COMMIT');
    // Fresh statistics and visibility map: the planner picks the indexes and deep pages walk them index-only.
    for (const table of Object.keys(counts)) await client.query(`VACUUM ANALYZE "${table}"`);
    return counts;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Add the closed-class words (determiners, pronouns, prepositions, …) to the dictionary, once per
 * database, skipping a word already there with the same part of speech (an editor may have added
 * it). Returns how many were added, or null when this already ran. Inside the caller's transaction.
 */
async function seedFunctionWords(client: pg.PoolClient): Promise<number | null> {
  const done = await client.query('SELECT 1 FROM app_meta WHERE key = $1', [FUNCTION_WORDS_SEED_KEY]);
  if (done.rowCount) return null;
  const inserted = await client.query(
    `INSERT INTO dictionary (word, type, definition, example, semantic_class)
     SELECT w.word, w.type, w.definition, w.example, 'function word'
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS w(word, type, definition, example)
      WHERE NOT EXISTS (SELECT 1 FROM dictionary d WHERE lower(d.word) = lower(w.word) AND d.type = w.type AND d.deleted_at IS NULL)`,
    [
      FUNCTION_WORDS.map((w) => w[0]),
      FUNCTION_WORDS.map((w) => w[1]),
      FUNCTION_WORDS.map((w) => w[2]),
      FUNCTION_WORDS.map((w) => w[3]),
    ],
  );
  await client.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [
    FUNCTION_WORDS_SEED_KEY,
    JSON.stringify({ added: inserted.rowCount }),
  ]);
  return inserted.rowCount ?? 0;
}
