import sharp from 'sharp';
import { getConjugation, mergeVerbsData } from 'english-verbs-helper';
import gerunds from 'english-verbs-gerunds/dist/gerunds.json' with { type: 'json' };
import irregular from 'english-verbs-irregular/dist/verbs.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { seedCatalogs } from './catalogs/index';
import { VERB_TENSES } from './catalogs/grammar-data';

let t: TestApp;
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];
const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await q<T>(text, values))[0]!;

// The test template ran the real seed (test/global-setup.ts), so these check what `npm start` loads.
beforeAll(async () => {
  t = await buildTestApp();
});

describe('reference catalogs seeded from real data', () => {
  it('holds the WordNet dictionary with parts of speech, definitions and semantic classes', async () => {
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM dictionary')).n).toBeGreaterThanOrEqual(100_000);
    const dog = await q('SELECT type, semantic_class, definition FROM dictionary WHERE word = $1 ORDER BY type', [
      'dog',
    ]);
    expect(dog.map((r) => r.type)).toEqual(['noun', 'verb']);
    expect(dog[0]).toMatchObject({ semantic_class: 'animal' });
    expect(String(dog[0]!.definition)).toMatch(/genus Canis/);
    const byType = await q<{ type: string; n: number }>(
      "SELECT type, count(*)::int AS n FROM dictionary WHERE semantic_class <> 'function word' GROUP BY type ORDER BY type",
    );
    expect(byType.map((r) => r.type)).toEqual(['adjective', 'adverb', 'noun', 'verb']);
    expect(byType.find((r) => r.type === 'noun')!.n).toBeGreaterThan(100_000);
    expect(
      (await one<{ example: string }>("SELECT example FROM dictionary WHERE word = 'happy' AND type = 'adjective'"))
        .example,
    ).toBe('a happy smile');
  });

  it('holds every irregular verb of english-verbs-irregular and a few hundred regular ones with correct past forms', async () => {
    const irregularRows = await q<{ base_form: string; past_simple: string; past_participle: string }>(
      "SELECT base_form, past_simple, past_participle FROM verbs WHERE type = 'irregular'",
    );
    expect(irregularRows).toHaveLength(363);
    const by = new Map(irregularRows.map((r) => [r.base_form, r]));
    expect(by.get('go')).toMatchObject({ past_simple: 'went', past_participle: 'gone' });
    expect(by.get('eat')).toMatchObject({ past_simple: 'ate', past_participle: 'eaten' });
    expect(by.get('dream')).toMatchObject({ past_simple: 'dreamed / dreamt' });
    expect(by.get('bet')?.past_simple).toBe('bet / betted');
    // Every irregular past in the table is one the package lists.
    const data = irregular as Record<string, string[][]>;
    for (const r of irregularRows.slice(0, 50))
      expect(data[r.base_form]!.map((f) => f[0])).toEqual(
        expect.arrayContaining(r.past_simple.split(' / ').filter((p) => p !== r.base_form)),
      );
    const regular = await q<{ base_form: string; past_simple: string }>(
      "SELECT base_form, past_simple FROM verbs WHERE type = 'regular'",
    );
    expect(regular.length).toBeGreaterThanOrEqual(300);
    const reg = new Map(regular.map((r) => [r.base_form, r.past_simple]));
    expect([reg.get('play'), reg.get('stop'), reg.get('study'), reg.get('love'), reg.get('prefer')]).toEqual([
      'played',
      'stopped',
      'studied',
      'loved',
      'preferred',
    ]);
    // Regular past forms agree with the conjugation library wherever it is sure (no doubling guesswork).
    const info = mergeVerbsData(irregular, gerunds as Record<string, string>);
    const agree = regular.filter(
      (r) => getConjugation(info, r.base_form, 'SIMPLE_PAST', 2, {}) === r.past_simple,
    ).length;
    expect(agree / regular.length).toBeGreaterThan(0.95);
    const complexity = await q<{ c: number }>('SELECT DISTINCT semantic_complexity AS c FROM verbs ORDER BY 1');
    expect(complexity.map((r) => r.c)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds the 12 verb tenses, four per time, with examples the conjugation library confirms', async () => {
    const rows = await q<{ type: string; n: number }>(
      'SELECT type, count(*)::int AS n FROM verb_tenses GROUP BY type ORDER BY type',
    );
    expect(rows).toEqual([
      { type: 'future', n: 4 },
      { type: 'past', n: 4 },
      { type: 'present', n: 4 },
    ]);
    const info = mergeVerbsData(irregular, gerunds as Record<string, string>);
    const tenses = [
      'SIMPLE_PRESENT',
      'PROGRESSIVE_PRESENT',
      'PERFECT_PRESENT',
      'PERFECT_PROGRESSIVE_PRESENT',
      'SIMPLE_PAST',
      'PROGRESSIVE_PAST',
      'PERFECT_PAST',
      'PERFECT_PROGRESSIVE_PAST',
      'SIMPLE_FUTURE',
      'PROGRESSIVE_FUTURE',
      'PERFECT_FUTURE',
      'PERFECT_PROGRESSIVE_FUTURE',
    ] as const;
    VERB_TENSES.forEach(([, , , example], i) =>
      expect(example).toContain(getConjugation(info, 'play', tenses[i]!, 2, {})),
    );
  });

  it('holds topics and vocabulary with English and Spanish labels and a picture the app serves', async () => {
    const dog = await one(
      "SELECT v.word_es, v.picture, t.name AS topic, tt.name AS type FROM vocabulary v JOIN topics t ON t.id = v.topic_id JOIN topic_types tt ON tt.id = t.topic_type_id WHERE v.word = 'dog'",
    );
    expect(dog).toMatchObject({ word_es: 'perro', picture: '1f415', topic: 'Mammals', type: 'Animals & nature' });
    expect(
      (
        await one<{ n: number }>(
          'SELECT count(*)::int AS n FROM vocabulary WHERE word_es IS NOT NULL AND picture IS NOT NULL',
        )
      ).n,
    ).toBeGreaterThan(1_000);
    expect(
      (await one<{ n: number }>('SELECT count(*)::int AS n FROM topics WHERE name_es IS NULL OR topic_type_id IS NULL'))
        .n,
    ).toBe(0);
    const sample = await q<{ picture: string }>('SELECT DISTINCT picture FROM vocabulary ORDER BY picture LIMIT 20');
    for (const { picture } of sample) {
      const res = await t.app.inject({ method: 'GET', url: `/api/pictures/${picture}.svg` });
      expect(res.statusCode, picture).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toMatch(/^<svg[^>]+viewBox="0 0 128 128"/);
      // Well-formed XML that an SVG renderer draws (a browser's <img> shows nothing otherwise).
      expect(res.body.match(/xmlns=/g)).toHaveLength(1);
      expect((await sharp(res.rawPayload).metadata()).width, picture).toBe(128);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/pictures/ffffff.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/pictures/..%2Fetc.svg' })).statusCode).toBe(400);
  });

  it('links every skill to targets, visible from both sides', async () => {
    const unlinked = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM skills s WHERE NOT EXISTS (SELECT 1 FROM skill_targets st WHERE st.skill_id = s.id)',
    );
    expect(unlinked.n).toBe(0);
    const orphanTargets = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM targets t WHERE NOT EXISTS (SELECT 1 FROM skill_targets st WHERE st.target_id = t.id)',
    );
    expect(orphanTargets.n).toBe(0);
    const shared = await one<{ id: string; n: number }>(
      'SELECT target_id AS id, count(*)::int AS n FROM skill_targets GROUP BY target_id ORDER BY 2 DESC LIMIT 1',
    );
    expect(shared.n).toBeGreaterThan(1);
    const { headers } = await (await import('../../../test/factories')).loginAs(t.app, 'VIEWER');
    const target = (
      await t.app.inject({ method: 'GET', url: `/api/catalogs/targets/${shared.id}`, headers })
    ).json() as { data: { skills: { id: string }[] } };
    expect(target.data.skills).toHaveLength(shared.n);
    const skill = (
      await t.app.inject({ method: 'GET', url: `/api/catalogs/skills/${target.data.skills[0]!.id}`, headers })
    ).json() as { data: { target_ids: string[] } };
    expect(skill.data.target_ids).toContain(shared.id);
  });

  it('holds the closed-class words WordNet leaves out, with their part of speech', async () => {
    const of = async (word: string) =>
      (
        await q<{ type: string }>(
          "SELECT type FROM dictionary WHERE word = $1 AND semantic_class = 'function word' ORDER BY type",
          [word],
        )
      ).map((r) => r.type);
    expect(await of('the')).toEqual(['determiner']);
    expect(await of('she')).toEqual(['pronoun']);
    expect(await of('I')).toEqual(['pronoun']);
    expect(await of('under')).toEqual(['preposition']);
    expect(await of('because')).toEqual(['conjunction']);
    expect(await of('is')).toEqual(['verb']);
    expect(await of('children')).toEqual(['noun']);
    // WordNet's own senses stay ("a": the letter, a noun) beside the article.
    expect(
      (await q<{ type: string }>("SELECT DISTINCT type FROM dictionary WHERE word = 'a' ORDER BY type")).map(
        (r) => r.type,
      ),
    ).toEqual(['determiner', 'noun']);
  });

  it('adds the closed-class words once to a dictionary loaded before them, keeping an editor’s own entry', async () => {
    const count = async () =>
      (await one<{ n: number }>("SELECT count(*)::int AS n FROM dictionary WHERE semantic_class = 'function word'")).n;
    const all = await count();
    // A database whose catalogs were loaded before the closed-class words existed; an editor had added "with" by hand.
    await q("DELETE FROM dictionary WHERE semantic_class = 'function word'");
    await q("DELETE FROM app_meta WHERE key = 'dictionary_function_words_v1'");
    await q("INSERT INTO dictionary (word, type, definition) VALUES ('with', 'preposition', 'an editor''s entry')");
    expect(await seedCatalogs(t.database.pool)).toEqual({ dictionary: all - 1 });
    expect(await count()).toBe(all - 1);
    expect((await q("SELECT definition FROM dictionary WHERE word = 'with'")).map((r) => r.definition)).toEqual([
      "an editor's entry",
    ]);
    expect(await seedCatalogs(t.database.pool)).toBeNull();
    expect(await count()).toBe(all - 1);
  });

  it('is idempotent: a second run loads nothing and changes no count', async () => {
    const before = await q(
      'SELECT (SELECT count(*) FROM dictionary) d, (SELECT count(*) FROM verbs) v, (SELECT count(*) FROM vocabulary) w, (SELECT count(*) FROM skill_targets) st',
    );
    expect(await seedCatalogs(t.database.pool)).toBeNull();
    expect(
      await q(
        'SELECT (SELECT count(*) FROM dictionary) d, (SELECT count(*) FROM verbs) v, (SELECT count(*) FROM vocabulary) w, (SELECT count(*) FROM skill_targets) st',
      ),
    ).toEqual(before);
    const meta = await one<{ value: { counts: Record<string, number> } }>(
      "SELECT value FROM app_meta WHERE key = 'catalogs_v1'",
    );
    expect(meta.value.counts.dictionary).toBe(Number((before[0] as { d: string }).d));
  });
});
