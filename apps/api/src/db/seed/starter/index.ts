import type pg from 'pg';
import { LEVELS } from '../curriculum';
import { STARTER_GAMES, type StarterAnswer, type StarterGame } from './games';

/** Bump when the starter library gains content existing databases should receive. */
export const STARTER_SEED_KEY = 'starter_library_v1';

/**
 * The starter curriculum and library, once per database, with the reference data: the
 * levels and chapters of seed/curriculum.ts and the completed library games of starter/games.ts in
 * them, pictures resolved to the vocabulary catalog's. Skipped, and never retried, when the
 * database already has levels (an install that wrote its own curriculum). One transaction; returns
 * what it loaded, or null when it had run.
 */
export async function seedStarterLibrary(
  pool: pg.Pool,
  now: Date,
): Promise<{ levels: number; chapters: number; games: number; activities: number } | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(4242002)');
    if ((await client.query('SELECT 1 FROM app_meta WHERE key = $1', [STARTER_SEED_KEY])).rowCount) {
      await client.query('COMMIT');
      return null;
    }
    const counts = { levels: 0, chapters: 0, games: 0, activities: 0 };
    const hasLevels = (await client.query('SELECT 1 FROM levels LIMIT 1')).rowCount;
    if (!hasLevels) {
      const pictures = await vocabularyPictures(client);
      for (const [i, l] of LEVELS.entries()) {
        const level = await client.query<{ id: string }>(
          'INSERT INTO levels (name, slug, position, notes, chapters_count, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id',
          [l.name, l.slug, i + 1, l.notes, l.chapters.length, now],
        );
        counts.levels += 1;
        for (const [j, c] of l.chapters.entries()) {
          const chapter = await client.query<{ id: string }>(
            'INSERT INTO chapters (name, level_id, position, notes, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id',
            [c.name, level.rows[0]!.id, j + 1, c.notes, now],
          );
          counts.chapters += 1;
          const chapterId = chapter.rows[0]!.id;
          await client.query(
            `INSERT INTO chapter_goals (chapter_id, target_id, created_at, updated_at)
             SELECT $1, id, $3, $3 FROM targets WHERE deleted_at IS NULL AND name ILIKE $2 ORDER BY name LIMIT 3`,
            [chapterId, `%${c.goals}%`, now],
          );
          const games = STARTER_GAMES.find((s) => s.level === l.slug && s.chapter === c.name)?.games ?? [];
          for (const game of games) {
            await insertGame(client, chapterId, game, pictures, now);
            counts.games += 1;
            counts.activities += game.activities.length;
          }
        }
      }
    }
    await client.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [STARTER_SEED_KEY, JSON.stringify(counts)]);
    await client.query('COMMIT');
    return counts;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

type Picture = { picture: string; word_es: string | null };

/** The vocabulary's pictures by English word. */
async function vocabularyPictures(client: pg.PoolClient): Promise<Map<string, Picture>> {
  const words = new Set<string>();
  for (const c of STARTER_GAMES)
    for (const g of c.games)
      for (const a of g.activities) {
        if (a.picture) words.add(a.picture);
        if ('answers' in a) for (const x of a.answers) if ('pick' in x) words.add(x.pick);
      }
  const res = await client.query<{ word: string; picture: string; word_es: string | null }>(
    'SELECT DISTINCT ON (word) word, picture, word_es FROM vocabulary WHERE word = ANY($1) AND picture IS NOT NULL AND deleted_at IS NULL ORDER BY word, created_at',
    [[...words]],
  );
  return new Map(res.rows.map((r) => [r.word, { picture: r.picture, word_es: r.word_es }]));
}

/** One completed library game of a chapter, its activities at 1..n. */
async function insertGame(
  client: pg.PoolClient,
  chapterId: string,
  game: StarterGame,
  pictures: Map<string, Picture>,
  now: Date,
): Promise<void> {
  const made = await client.query<{ id: string }>(
    `INSERT INTO games (name, type, chapter_id, comment, game_status, is_private, version, activities_count, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'COMPLETED', false, 1, $5, $6, $6) RETURNING id`,
    [game.name, game.type, chapterId, game.comment, game.activities.length, now],
  );
  const gameId = made.rows[0]!.id;
  const picture = (word: string | undefined) => (word ? (pictures.get(word)?.picture ?? null) : null);
  const rows = game.activities.map((a, i) => {
    if ('answers' in a) {
      // A picture answer shows no word (the child picks by the picture); its word is there for a screen reader.
      const option = (x: StarterAnswer) =>
        'pick' in x
          ? {
              text: null,
              picture: picture(x.pick),
              alt: game.language === 'es' ? (pictures.get(x.pick)?.word_es ?? x.pick) : x.pick,
            }
          : { text: x.say, picture: null };
      return {
        position: i + 1,
        question: a.question,
        picture: picture(a.picture),
        answers: { options: a.answers.map(option), correct: a.correct },
      };
    }
    return {
      position: i + 1,
      question: null,
      picture: picture(a.picture),
      answers: { target: a.target, distractors: [...(a.distractors ?? [])] },
    };
  });
  await client.query(
    `INSERT INTO activities (game_id, position, question, picture, answers, created_at, updated_at)
     SELECT $1, x.position, x.question, x.picture, x.answers, $3, $3 FROM jsonb_to_recordset($2::jsonb) AS x(position int, question text, picture text, answers jsonb)`,
    [gameId, JSON.stringify(rows), now],
  );
}
