import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { roundsAgainstHealth } from './load';

/**
 * A chapter with 200 games. 200 library games (5 activities each) are added to the first
 * chapter straight into the database, then the therapist's list of that chapter's games (page 1)
 * and one game's activities are measured against /api/health in interleaved rounds at 50
 * connections.
 */
export async function benchGames(
  base: string,
  dataDir: string,
  pgPort: number,
  token: string,
  rounds: number,
  seconds: number,
): Promise<void> {
  const password = readFileSync(join(dataDir, '.pg-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/habla`,
  });
  await client.connect();
  let chapter: string;
  let game: string;
  try {
    chapter = (
      await client.query(
        `SELECT c.id FROM chapters c JOIN levels l ON l.id = c.level_id ORDER BY l.position, c.position LIMIT 1`,
      )
    ).rows[0].id as string;
    const made = await client.query(
      `INSERT INTO games (name, type, chapter_id, game_status, is_private, version, activities_count, created_at, updated_at)
       SELECT 'Bench game ' || i, 'sentence_practice', $1, 'COMPLETED', false, 1, 5, now(), now() FROM generate_series(1, 200) i RETURNING id`,
      [chapter],
    );
    game = made.rows[0].id as string;
    await client.query(
      `INSERT INTO activities (game_id, position, answers, created_at, updated_at)
       SELECT g.id, p, jsonb_build_object('target', 'The dog runs ' || p || ' times.', 'distractors', jsonb_build_array('cat')), now(), now()
         FROM unnest($1::uuid[]) g(id) CROSS JOIN generate_series(1, 5) p`,
      [made.rows.map((r: { id: string }) => r.id)],
    );
    await client.query('ANALYZE games; ANALYZE activities');
  } finally {
    await client.end();
  }
  const auth = { authorization: `Bearer ${token}` };
  const targets: Record<string, { url: string; headers: Record<string, string> }> = {
    health: { url: `${base}/api/health`, headers: {} },
    'chapter games': { url: `${base}/api/games?chapter_id=${chapter}&page=0&max=25`, headers: auth },
    activities: { url: `${base}/api/activities?game_id=${game}&col=position&order=asc`, headers: auth },
  };
  const check = (await (await fetch(targets['chapter games']!.url, { headers: auth })).json()) as {
    meta?: { total: number };
  };
  console.log(
    `\nGames: 200 library games of 5 activities added to one chapter; the therapist sees ${check.meta?.total ?? '?'} games there`,
  );
  await roundsAgainstHealth(targets, rounds, seconds);
}
