import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { LEVELS } from '../curriculum';
import { answersProblem, type ActivityAnswers, type GameType } from '@habla/shared';
import { STARTER_GAMES, type StarterAnswer } from './games';
import { seedStarterLibrary } from './index';
import { lemmaCandidates, sentenceWords } from './words';

/**
 * The starter library as data, checked against the catalogs the seed loads (the test
 * template ran it): enough games, each playable; every picture a vocabulary word; every word of
 * every target sentence in the dictionary or the verbs catalog.
 */
let t: TestApp;
const q = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
beforeAll(async () => {
  t = await buildTestApp();
});

const games = STARTER_GAMES.flatMap((c) =>
  c.games.map((g) => ({ ...g, where: `${c.level} / ${c.chapter} / ${g.name}` })),
);

describe('the starter library', () => {
  it('gives every chapter of the starter curriculum at least two games of at least five activities', () => {
    // The chapters are those of the starter curriculum, every one of them.
    const curriculum = LEVELS.flatMap((l) => l.chapters.map((c) => `${l.slug} / ${c.name}`));
    expect(STARTER_GAMES.map((c) => `${c.level} / ${c.chapter}`).sort()).toEqual(curriculum.sort());
    const levels = new Set(STARTER_GAMES.map((c) => c.level));
    expect(levels.size).toBeGreaterThanOrEqual(3);
    for (const level of levels)
      expect(STARTER_GAMES.filter((c) => c.level === level).length, level).toBeGreaterThanOrEqual(3);
    for (const c of STARTER_GAMES) {
      expect(c.games.length, c.chapter).toBeGreaterThanOrEqual(2);
      for (const g of c.games) expect(g.activities.length, g.name).toBeGreaterThanOrEqual(5);
    }
    // Both kinds of game, and Spanish where it makes sense.
    expect(new Set(games.map((g) => g.type))).toEqual(new Set(['multiple_choice_answers', 'sentence_practice']));
    expect(games.some((g) => g.language === 'es')).toBe(true);
    expect(new Set(games.map((g) => g.name)).size).toBe(games.length);
  });

  it('has one correct answer among 2–6 in every multiple choice, and no answer twice', () => {
    for (const g of games) {
      if (g.type !== 'multiple_choice_answers') continue;
      for (const a of g.activities) {
        const where = `${g.where}: ${a.question}`;
        expect(a.answers.length, where).toBeGreaterThanOrEqual(2);
        expect(a.answers.length, where).toBeLessThanOrEqual(6);
        expect(Number.isInteger(a.correct) && a.correct >= 0 && a.correct < a.answers.length, where).toBe(true);
        const keys = a.answers.map((x: StarterAnswer) =>
          'pick' in x ? `pick:${x.pick}` : `say:${x.say.toLowerCase()}`,
        );
        expect(new Set(keys).size, where).toBe(keys.length);
      }
    }
  });

  it('builds every sentence of 2–15 words, and its distractors are not words of the sentence', () => {
    for (const g of games) {
      if (g.type !== 'sentence_practice') continue;
      for (const a of g.activities) {
        const words = sentenceWords(a.target);
        expect(words.length, a.target).toBeGreaterThanOrEqual(2);
        expect(words.length, a.target).toBeLessThanOrEqual(15);
        const lower = new Set(words.map((w) => w.toLowerCase()));
        for (const d of a.distractors ?? []) expect(lower.has(d.toLowerCase()), `${a.target} / ${d}`).toBe(false);
      }
    }
  });

  it('shows only pictures of the vocabulary catalog, with a Spanish label for every answer of a Spanish game', async () => {
    const pictures = new Set<string>();
    for (const g of games)
      for (const a of g.activities) {
        if (a.picture) pictures.add(a.picture);
        if ('answers' in a) for (const x of a.answers) if ('pick' in x) pictures.add(x.pick);
      }
    const rows = await q<{ word: string; word_es: string | null; picture: string | null }>(
      'SELECT word, word_es, picture FROM vocabulary WHERE word = ANY($1) AND deleted_at IS NULL',
      [[...pictures]],
    );
    const found = new Map(rows.map((r) => [r.word, r]));
    expect([...pictures].filter((p) => !found.get(p)?.picture)).toEqual([]);
    for (const g of games)
      if (g.language === 'es' && g.type === 'multiple_choice_answers')
        for (const a of g.activities)
          for (const x of a.answers) if ('pick' in x) expect(found.get(x.pick)?.word_es, x.pick).toBeTruthy();
  });

  it('uses in every target sentence only words of the dictionary or the verbs catalog', async () => {
    const forms = new Set(
      games.flatMap((g) =>
        g.type === 'sentence_practice' ? g.activities.flatMap((a) => sentenceWords(a.target)) : [],
      ),
    );
    const candidates = [...forms].flatMap((f) => lemmaCandidates(f).map((l) => l.word));
    const dictionary = await q<{ word: string; type: string }>(
      'SELECT lower(word) AS word, type FROM dictionary WHERE lower(word) = ANY($1) AND deleted_at IS NULL',
      [candidates],
    );
    const verbs = await q<{ base_form: string; past_simple: string; past_participle: string }>(
      'SELECT base_form, past_simple, past_participle FROM verbs WHERE deleted_at IS NULL',
    );
    const verbForms = new Set(
      verbs.flatMap((v) => [v.base_form, ...v.past_simple.split(' / '), ...v.past_participle.split(' / ')]),
    );
    const entries = new Map<string, Set<string>>();
    for (const d of dictionary) entries.set(d.word, (entries.get(d.word) ?? new Set()).add(d.type));
    const known = (form: string) =>
      verbForms.has(form.toLowerCase()) ||
      lemmaCandidates(form).some((l) =>
        l.as === 'any' ? entries.has(l.word) : entries.get(l.word)?.has(l.as) || verbForms.has(l.word),
      );
    expect([...forms].filter((f) => !known(f))).toEqual([]);
    // The check can fail: a made-up word is not known.
    expect(known('glorptastic')).toBe(false);
  });
});

describe('word forms', () => {
  it('splits a sentence into its words without punctuation', () => {
    expect(sentenceWords('¿Dónde está el niño? "The girl" ate an apple.')).toEqual([
      'Dónde',
      'está',
      'el',
      'niño',
      'The',
      'girl',
      'ate',
      'an',
      'apple',
    ]);
  });

  it('finds the stems of regular inflections', () => {
    const words = (form: string) => lemmaCandidates(form).map((l) => l.word);
    expect(words('boxes')).toContain('box');
    expect(words('cries')).toContain('cry');
    expect(words('cats')).toContain('cat');
    expect(words('baked')).toContain('bake');
    expect(words('stopped')).toContain('stop');
    expect(words('studied')).toContain('study');
    expect(words('running')).toContain('run');
    expect(words('glass')).not.toContain('glas');
  });
});

describe('loading the starter library', () => {
  it('loads the curriculum and its completed library games once, every activity valid for its game, pictures resolved, totals counted', async () => {
    const loaded = await seedStarterLibrary(t.database.pool, new Date());
    expect(loaded).toEqual({
      levels: 3,
      chapters: 10,
      games: games.length,
      activities: games.reduce((n, g) => n + g.activities.length, 0),
    });
    expect(await seedStarterLibrary(t.database.pool, new Date())).toBeNull();
    const rows = await q<{
      type: GameType;
      question: string | null;
      picture: string | null;
      answers: ActivityAnswers;
      status: string;
      account: string | null;
    }>(
      'SELECT g.type, a.question, a.picture, a.answers, g.game_status AS status, g.account_id AS account FROM activities a JOIN games g ON g.id = a.game_id',
    );
    expect(rows).toHaveLength(loaded!.activities);
    for (const r of rows) {
      expect(answersProblem(r.type, r.answers, r.question), JSON.stringify(r)).toBeNull();
      expect(r).toMatchObject({ status: 'COMPLETED', account: null });
      for (const o of r.answers.options ?? []) if (!o.text) expect(o.picture && o.alt, JSON.stringify(o)).toBeTruthy();
    }
    // Every picture named in the data became a Noto code.
    expect(rows.filter((r) => r.picture !== null).every((r) => /^[0-9a-f-]+$/.test(r.picture!))).toBe(true);
    const chapters = await q<{ games_count: number; activities_count: number }>(
      'SELECT games_count, activities_count FROM chapters',
    );
    expect(chapters.every((c) => c.games_count >= 2 && c.activities_count >= 10)).toBe(true);
    const [spanish] = await q<{ answers: ActivityAnswers }>(
      "SELECT a.answers FROM activities a JOIN games g ON g.id = a.game_id WHERE g.name = '¿Dónde está? En casa' AND a.position = 1",
    );
    expect(spanish!.answers.options!.map((o) => o.alt)).toEqual(['silla', 'cama', 'puerta']);
  });
});
