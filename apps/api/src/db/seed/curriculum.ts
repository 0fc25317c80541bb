import { sql } from 'drizzle-orm';
import type { Db } from '../client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A small starter curriculum for the demo (docs/product.md §4): levels in order, each with its
 * chapters at positions 1..n, goals linked to the catalog's targets whose names match.
 */
export const LEVELS: { name: string; slug: string; notes: string; chapters: { name: string; notes: string; goals: string }[] }[] = [
  {
    name: 'Foundations: single words',
    slug: 'foundations',
    notes: 'Early expressive vocabulary and naming for children who mostly use single words.',
    chapters: [
      { name: 'Everyday nouns', notes: 'Name familiar objects at home and at school from pictures.', goals: 'noun' },
      { name: 'Action words', notes: 'Label common actions (eat, run, sleep) in pictures and play.', goals: 'verb' },
      { name: 'Describing words', notes: 'Use size, colour and feeling words to describe a picture.', goals: 'adjective' },
    ],
  },
  {
    name: 'Building sentences',
    slug: 'building-sentences',
    notes: 'Combine words into short subject-verb-object sentences with correct word order.',
    chapters: [
      { name: 'Two-word combinations', notes: 'Agent + action and action + object phrases ("dog runs", "eat apple").', goals: 'phrase' },
      { name: 'Subject-verb-object', notes: 'Complete simple SVO sentences about pictured scenes.', goals: 'sentence' },
      { name: 'Pronouns he, she, they', notes: 'Choose the right subject pronoun for the person in the picture.', goals: 'pronoun' },
      { name: 'Plurals', notes: 'Mark plural nouns with -s and common irregular forms.', goals: 'plural' },
    ],
  },
  {
    name: 'Telling what happened',
    slug: 'telling-what-happened',
    notes: 'Past tense and sequencing to retell short personal and picture-based stories.',
    chapters: [
      { name: 'Regular past tense', notes: 'Use -ed verbs to say what someone did yesterday.', goals: 'past' },
      { name: 'Irregular past tense', notes: 'Practise frequent irregular verbs (went, ate, saw).', goals: 'irregular' },
      { name: 'First, next, last', notes: 'Retell a three-picture story in order with sequence words.', goals: 'sequenc' },
    ],
  },
];

export async function seedCurriculum(tx: Tx, now: Date, editor: string | undefined): Promise<void> {
  for (const [i, l] of LEVELS.entries()) {
    const level = await tx.execute<{ id: string }>(
      sql`INSERT INTO levels (name, slug, position, notes, chapters_count, created_at, updated_at, created_by, updated_by)
          VALUES (${l.name}, ${l.slug}, ${i + 1}, ${l.notes}, ${l.chapters.length}, ${now}, ${now}, ${editor ?? null}, ${editor ?? null}) RETURNING id`,
    );
    const levelId = level.rows[0]!.id;
    for (const [j, c] of l.chapters.entries()) {
      const chapter = await tx.execute<{ id: string }>(
        sql`INSERT INTO chapters (name, level_id, position, notes, created_at, updated_at, created_by, updated_by)
            VALUES (${c.name}, ${levelId}, ${j + 1}, ${c.notes}, ${now}, ${now}, ${editor ?? null}, ${editor ?? null}) RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO chapter_goals (chapter_id, target_id, created_at, updated_at)
            SELECT ${chapter.rows[0]!.id}, id, ${now}, ${now} FROM targets WHERE deleted_at IS NULL AND name ILIKE ${`%${c.goals}%`} ORDER BY name LIMIT 3`,
      );
    }
  }
}
