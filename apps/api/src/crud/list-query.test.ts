import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import type { AuthUser } from '../modules/auth/sessions';
import { catalogResource } from '../modules/catalogs/catalogs.routes';
import { countQuery, pageQuery, prefixUpperBound, type ListParams } from './list-query';

let t: TestApp;
let user: AuthUser;
const dictionary = catalogResource('dictionary');
const params = (p: Partial<ListParams>): ListParams => ({ page: 0, max: 25, filters: {}, ...p });

/** The plan of a statement as text (node types and index names), from EXPLAIN (FORMAT JSON). */
async function plan(q: { text: string; values: unknown[] }): Promise<string> {
  const res = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
  return JSON.stringify(res.rows[0]);
}

beforeAll(async () => {
  t = await buildTestApp();
  const u = await buildUser(t.app.db, { role: 'EDITOR' });
  user = {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: '',
    last_name: '',
    role: 'EDITOR',
    account_id: null,
    language: 'en',
    permissions: [],
    view_options: [],
  };
  // The template was seeded and analysed; this copy's statistics are the template's.
  await t.database.pool.query('ANALYZE dictionary');
});

describe('list queries on the seeded dictionary (real data, real planner)', () => {
  it('holds the WordNet dictionary', async () => {
    const res = await t.database.pool.query('SELECT count(*)::int AS n FROM dictionary');
    expect(res.rows[0].n).toBeGreaterThanOrEqual(100_000);
  });

  it('answers a text search through the trigram index, for the page and for the total', async () => {
    const search = params({ q: 'zebr' });
    expect(await plan(pageQuery(dictionary, user, search))).toContain('dictionary_word_trgm_idx');
    expect(await plan(countQuery(dictionary, user, search))).toContain('dictionary_word_trgm_idx');
  });

  it('walks the (word, id) index for a deep page instead of sorting the table', async () => {
    const text = await plan(pageQuery(dictionary, user, params({ page: 3999, col: 'word', order: 'asc' })));
    // The 100k skipped entries are index tuples only; the one Sort left orders the 25 rows of the page.
    expect(text).toMatch(/"Node Type":"Index Only Scan"[^}]*"Index Name":"dictionary_word_sort_idx"/);
    expect([...text.matchAll(/"Node Type":"Sort"/g)]).toHaveLength(1);
    expect(text).toMatch(/"Node Type":"Sort"[^\]]*"Plan Rows":25[,}]/);
    const desc = await plan(pageQuery(dictionary, user, params({ page: 3999, col: 'type', order: 'desc' })));
    expect(desc).toContain('dictionary_type_sort_idx');
  });

  it('starts a page after its anchor with an index range scan, returning the same rows as the offset', async () => {
    const deep = params({ page: 3999, col: 'word', order: 'desc' });
    const before = await t.database.pool.query(
      'SELECT word, id FROM dictionary WHERE deleted_at IS NULL ORDER BY word DESC, id DESC LIMIT 1 OFFSET 99974',
    );
    const anchor = { value: before.rows[0].word as string, id: before.rows[0].id as string };
    const q = pageQuery(dictionary, user, deep, { anchor });
    const text = await plan(q);
    // The index walk starts at the anchor: no 100k entries skipped, no filter on the way.
    expect(text).toMatch(/"Index Name":"dictionary_word_sort_idx"[^}]*"Index Cond":"\(ROW\(word, id\) < ROW\(/);
    expect(text).not.toContain('"Filter"');
    const byAnchor = await t.database.pool.query(q.text, q.values);
    const byOffset = await t.database.pool.query(
      'SELECT id FROM dictionary WHERE deleted_at IS NULL ORDER BY word DESC, id DESC LIMIT 25 OFFSET 99975',
    );
    expect(byAnchor.rows.map((r: { id: string }) => r.id)).toEqual(byOffset.rows.map((r: { id: string }) => r.id));
  });

  it('orders a search by relevance (prefix matches first, exact leading), page after page, without sorting every match', async () => {
    const reference = (offset: number) =>
      t.database.pool.query(
        `SELECT id, word FROM dictionary WHERE deleted_at IS NULL AND word ILIKE '%ter%'
         ORDER BY (lower(word) COLLATE "C" >= 'ter' AND lower(word) COLLATE "C" < 'tes') DESC,
                  CASE WHEN lower(word) COLLATE "C" >= 'ter' AND lower(word) COLLATE "C" < 'tes' THEN lower(word) COLLATE "C" ELSE word COLLATE "C" END, id
         LIMIT 25 OFFSET $1`,
        [offset],
      );
    for (const page of [0, 3, 20]) {
      const q = pageQuery(dictionary, user, params({ q: 'ter', page }));
      const got = await t.database.pool.query(q.text, q.values);
      const want = await reference(page * 25);
      expect(
        got.rows.map((r: { id: string }) => r.id),
        `page ${page}`,
      ).toEqual(want.rows.map((r: { id: string }) => r.id));
    }
    const first = await t.database.pool.query(
      pageQuery(dictionary, user, params({ q: 'Ter' })).text,
      pageQuery(dictionary, user, params({ q: 'Ter' })).values,
    );
    expect(first.rows.slice(0, 5).every((r: { word: string }) => r.word.toLowerCase().startsWith('ter'))).toBe(true);
    // 7,800 matches, but no step of the plan sorts more than a page's worth of rows.
    const text = await plan(pageQuery(dictionary, user, params({ q: 'ter' })));
    expect(text).toContain('dictionary_word_prefix_idx');
    expect(text).toContain('dictionary_word_sort_idx');
    // The prefix range is walked in order, not ANDed with the trigram index's 6,000 matches.
    expect(text).not.toContain('BitmapAnd');
    expect(text).not.toContain('dictionary_word_trgm_idx');
  });

  it('reads a first page, and a page after its anchor, in one walk of the (word, id) index that stops at the page', async () => {
    const first = await plan(pageQuery(dictionary, user, params({ col: 'word', order: 'asc' })));
    expect(first).toMatch(/"Node Type":"Index Scan"[^}]*"Index Name":"dictionary_word_sort_idx"/);
    expect(first).not.toContain('dictionary_pkey');
    expect(first).not.toContain('"Node Type":"Sort"');
    const q = pageQuery(dictionary, user, params({ col: 'word', order: 'asc' }), { ordinal: true, json: [] });
    const rows = (await t.database.pool.query(q.text, q.values)).rows as {
      __json: string;
      __ord: string;
      word: string;
    }[];
    const want = await t.database.pool.query(
      'SELECT id FROM dictionary WHERE deleted_at IS NULL ORDER BY word, id LIMIT 25',
    );
    expect(rows.map((r) => (JSON.parse(r.__json) as { id: string }).id)).toEqual(
      want.rows.map((r: { id: string }) => r.id),
    );
    expect(rows.map((r) => Number(r.__ord))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('returns the same rows through the deferred join as a plain ORDER BY … OFFSET', async () => {
    const q = pageQuery(dictionary, user, params({ page: 2000, col: 'word', order: 'asc' }));
    const got = await t.database.pool.query(q.text, q.values);
    const want = await t.database.pool.query(
      'SELECT id FROM dictionary WHERE deleted_at IS NULL ORDER BY word, id LIMIT 25 OFFSET 50000',
    );
    expect(got.rows.map((r: { id: string }) => r.id)).toEqual(want.rows.map((r: { id: string }) => r.id));
  });
});

describe('the upper bound of a prefix range', () => {
  it('raises the last code point, skipping surrogates, carrying past U+10FFFF', () => {
    expect(prefixUpperBound('cat')).toBe('cau');
    expect(prefixUpperBound('a\uFFFF')).toBe('a\u{10000}');
    expect(prefixUpperBound('\uD7FF')).toBe('\uE000');
    expect(prefixUpperBound('a\u{10FFFF}')).toBe('b');
    expect(prefixUpperBound('\u{10FFFF}\u{10FFFF}')).toBeNull();
    expect(prefixUpperBound('')).toBeNull();
    expect(prefixUpperBound('ni\u00F1')).toBe('ni\u00F2');
  });

  it('never yields a NUL, and every text with the prefix sorts below it byte-wise', () => {
    for (const prefix of ['\uFFFF', 'x\uFFFF', 'é', '🐱', 'zz']) {
      const bound = prefixUpperBound(prefix);
      expect(bound).not.toContain('\u0000');
      for (const tail of ['', 'a', '\uFFFF', '\u{10FFFF}\u{10FFFF}']) {
        expect(Buffer.compare(Buffer.from(prefix + tail), Buffer.from(bound ?? ''))).toBe(-1);
      }
    }
  });
});
