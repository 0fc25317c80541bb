import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { loginAs } from '../../../test/factories';
import { brownStage } from './analyze';

/**
 * `POST /api/lsa/analyze` on the real app: CLAN's figures through the API, the morphemes Habla
 * derives when a transcript has no %mor (English with the dictionary and verbs catalogs seeded from
 * WordNet and english-verbs-irregular, Spanish with its closed classes), compared with CLAN's on
 * the same transcripts' %mor; sentence types and tenses; every refusal with its field and status.
 */
const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures');
const FIGURES = JSON.parse(readFileSync(join(FIXTURES, 'chat', 'clan-figures.json'), 'utf8')) as Record<
  string,
  { speaker: string; mlu_m: { utterances: number; morphemes: number; value: number } | null; mlu_w: { value: number } }
>;
const chat = (name: string) => readFileSync(join(FIXTURES, 'chat', name), 'utf8');
/** The transcript with its morphological tiers taken out (with their continuation lines). */
function withoutMor(text: string): string {
  let dropping = false;
  return text
    .split('\n')
    .filter((l) => {
      if (!l.startsWith('\t')) dropping = /^%(mor|gra|umor|ugra|xmor|xgra):/.test(l);
      return !dropping;
    })
    .join('\n');
}

let t: TestApp;
type Who = Awaited<ReturnType<typeof loginAs>>;
let therapist: Who, student: Who;

beforeAll(async () => {
  t = await buildTestApp();
  therapist = await loginAs(t.app, 'THERAPIST');
  student = await loginAs(t.app, 'STUDENT', { accountId: therapist.user.accountId });
});

const analyze = (payload: object, who: Who | null = therapist) =>
  t.app.inject({ method: 'POST', url: '/api/lsa/analyze', headers: who ? who.headers : {}, payload });

describe('POST /api/lsa/analyze', () => {
  it("answers CLAN's figures for a CHAT transcript with %mor, and each utterance's words and morphemes on request", async () => {
    const res = await analyze({ language: 'en', format: 'chat', text: chat('eve01.cha'), details: true });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const clan = FIGURES['eve01.cha']!;
    expect(data).toMatchObject({
      speaker: 'CHI',
      language: 'en',
      mlu_m: clan.mlu_m,
      brown_stage: 'I',
      morphemes_from: 'mor',
    });
    expect(data.utterances.total).toBe(
      chat('eve01.cha')
        .split('\n')
        .filter((l) => l.startsWith('*CHI:')).length,
    );
    expect(data.utterances.excluded_unintelligible).toBeGreaterThan(0);
    // The list explains the number: the counted utterances' morphemes add up to MLU-m's.
    const list = data.utterance_list as {
      morphemes: number | null;
      excluded: string | null;
      words: string[];
      text: string;
    }[];
    expect(list).toHaveLength(data.utterances.total);
    expect(list.reduce((s, u) => s + (u.morphemes ?? 0), 0)).toBe(clan.mlu_m!.morphemes);
    expect(list[0]).toMatchObject({
      text: 'more cookie . [+ IMP]',
      words: ['more', 'cookie'],
      morphemes: 2,
      excluded: null,
      sentence_type: 'affirmative',
    });
    expect(list.filter((u) => u.excluded === 'unintelligible')).toHaveLength(data.utterances.excluded_unintelligible);
    // Without `details` the answer is the measures alone.
    const plain = await analyze({ language: 'en', format: 'chat', text: chat('eve01.cha') });
    expect(plain.json().data.utterance_list).toBeUndefined();
  });

  it('analyses another speaker on request: the mother in Eve’s session', async () => {
    const res = await analyze({ language: 'en', format: 'chat', text: chat('eve01.cha'), speaker: 'MOT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.speaker).toBe('MOT');
    expect(res.json().data.mlu_w.value).toBeGreaterThan(FIGURES['eve01.cha']!.mlu_w.value);
  });

  it('derives the morphemes of transcripts without %mor close to CLAN’s on their %mor (English and Spanish)', async () => {
    const report: string[] = [];
    const errors: [string, number][] = [];
    for (const [file, clan] of Object.entries(FIGURES)) {
      if (!clan.mlu_m) continue;
      const text = chat(file);
      const language = /^@Languages:\s*spa/m.test(text) ? 'es' : 'en';
      const res = await analyze({ language, format: 'chat', text: withoutMor(text) });
      expect(res.statusCode).toBe(200);
      const m = res.json().data;
      expect(m.morphemes_from).toBe('words');
      // The utterances are CLAN's main-tier ones; their morphemes are within 4 % of the tagger's.
      const error = Math.abs(m.mlu_m.value - clan.mlu_m.value) / clan.mlu_m.value;
      report.push(`${file} ${m.mlu_m.value} vs ${clan.mlu_m.value} (${(error * 100).toFixed(1)} %)`);
      errors.push([file, error]);
    }
    console.log(report.join('\n'));
    for (const [file, error] of errors) expect(error, file).toBeLessThan(0.04);
  });

  it('reads sentence types, verb tenses and parts of speech from the words (English, with the catalogs)', async () => {
    const text = [
      'CHI: the dogs are running .',
      'CHI: I walked to the park .',
      'CHI: she has eaten the cookies .',
      'CHI: he will go home .',
      "CHI: I don't like it .",
      'CHI: where is my ball ?',
      'CHI: they were playing .',
      'CHI: we had finished .',
      'CHI: I am going to jump .',
    ].join('\n');
    const res = await analyze({ language: 'en', format: 'text', text, details: true });
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m.sentence_types).toEqual({ affirmative: 7, negative: 1, interrogative: 1 });
    expect(m.verb_tenses).toMatchObject({
      present_continuous: 1,
      simple_past: 1,
      present_perfect: 1,
      simple_future: 2,
      simple_present: 2,
      past_continuous: 1,
      past_perfect: 1,
    });
    const list = m.utterance_list as { words: string[]; morphemes: number }[];
    // dogs: dog + -s; running: run + -ing; walked: walk + -ed; cookies; don't: do + n't; going: go + -ing;
    // eaten, were, had: one (irregular).
    expect(list.map((u) => u.morphemes)).toEqual([6, 6, 6, 4, 5, 4, 4, 4, 6]);
    expect(m.parts_of_speech.noun).toBeGreaterThanOrEqual(5);
    expect(m.parts_of_speech.verb).toBeGreaterThanOrEqual(10);
    expect(m.parts_of_speech.determiner).toBeGreaterThanOrEqual(4);
    expect(m.parts_of_speech.pronoun).toBeGreaterThanOrEqual(8);
  });

  it('reads sentence types and verb tenses in Spanish', async () => {
    const text = [
      'NIÑO: el perro está corriendo .',
      'NIÑO: ayer comí pan .',
      'NIÑO: he visto un gato .',
      'NIÑO: vamos a jugar .',
      'NIÑO: no quiero .',
      'NIÑO: ¿dónde está mamá ?',
      'NIÑO: mañana iré al parque .',
    ].join('\n');
    const res = await analyze({ language: 'es', format: 'text', text });
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m.speaker).toBe('CHI');
    expect(m.sentence_types).toEqual({ affirmative: 5, negative: 1, interrogative: 1 });
    expect(m.verb_tenses).toMatchObject({
      present_continuous: 1,
      simple_past: 1,
      present_perfect: 1,
      simple_future: 2,
      simple_present: 2,
    });
  });

  it('refuses a malformed CHAT transcript naming the line, in the caller’s language', async () => {
    const text = [
      '@UTF8',
      '@Begin',
      '@Participants:\tCHI Target_Child',
      '*CHI:\thello .',
      'this line has no tier',
      '@End',
    ].join('\n');
    const res = await analyze({ language: 'en', format: 'chat', text });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.text).toMatch(/^Line 5: /);
    const es = await t.app.inject({
      method: 'POST',
      url: '/api/lsa/analyze',
      headers: { ...therapist.headers, 'accept-language': 'es' },
      payload: { language: 'en', format: 'chat', text },
    });
    expect(es.json().fields.text).toMatch(/^Línea 5: /);
    const speaker = await analyze({ language: 'en', format: 'chat', text: chat('eve01.cha'), speaker: 'DAD' });
    expect(speaker.statusCode).toBe(400);
    expect(speaker.json().fields.speaker).toContain('DAD');
  });

  it('refuses bad fields with their names, and whoever may not work with assessments', async () => {
    const res = await analyze({ language: 'fr', format: 'doc', text: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['format', 'language', 'text']);
    expect((await analyze({ language: 'en', format: 'text', text: 'CHI: hi .' }, null)).statusCode).toBe(401);
    expect((await analyze({ language: 'en', format: 'text', text: 'CHI: hi .' }, student)).statusCode).toBe(403);
  });
});

/**
 * Brown's stage at each of its cutoffs (docs/product.md §10: I below 2.0, II from 2.0, III from 2.5,
 * IV from 3.0, V from 3.75, V+ from 4.5), on samples whose MLU in morphemes sits exactly on a cutoff
 * or just below it. Each sample's MLU-m and stage are written here, not computed.
 */
const CUTOFFS = [
  { utterances: 100, morphemes: 199, mlu: 1.99, stage: 'I' },
  { utterances: 100, morphemes: 200, mlu: 2, stage: 'II' },
  { utterances: 100, morphemes: 249, mlu: 2.49, stage: 'II' },
  { utterances: 100, morphemes: 250, mlu: 2.5, stage: 'III' },
  { utterances: 100, morphemes: 299, mlu: 2.99, stage: 'III' },
  { utterances: 100, morphemes: 300, mlu: 3, stage: 'IV' },
  { utterances: 100, morphemes: 374, mlu: 3.74, stage: 'IV' },
  { utterances: 100, morphemes: 375, mlu: 3.75, stage: 'V' },
  { utterances: 100, morphemes: 449, mlu: 4.49, stage: 'V' },
  { utterances: 100, morphemes: 450, mlu: 4.5, stage: 'V+' },
] as const;

const NOUNS = ['dog', 'cat', 'ball', 'cup', 'car', 'hat', 'sun', 'bed', 'shoe', 'book'];
/** A CHAT sample of the child's `utterances` with `morphemes` in all (each %mor item a noun: one morpheme), spread
 * evenly. */
function sampleOf(utterances: number, morphemes: number): string {
  const lines = [
    '@UTF8',
    '@Begin',
    '@Languages:\teng',
    '@Participants:\tCHI Target_Child',
    '@ID:\teng|habla|CHI|||||Target_Child|||',
  ];
  for (let i = 0; i < utterances; i++) {
    const n = Math.floor(morphemes / utterances) + (i < morphemes % utterances ? 1 : 0);
    const words = Array.from({ length: n }, (_, k) => NOUNS[(i + k) % NOUNS.length]!);
    lines.push(`*CHI:\t${words.join(' ')} .`, `%mor:\t${words.map((w) => `n|${w}`).join(' ')} .`);
  }
  return [...lines, '@End', ''].join('\n');
}

describe("Brown's stage at its cutoffs", () => {
  it.each(CUTOFFS)('MLU-m $mlu is stage $stage through the analysis', async ({ utterances, morphemes, mlu, stage }) => {
    const res = await analyze({ language: 'en', format: 'chat', text: sampleOf(utterances, morphemes) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      mlu_m: { utterances, morphemes, value: mlu },
      brown_stage: stage,
      morphemes_from: 'mor',
    });
  });

  it('brownStage gives each cutoff and the value just below it its stage', () => {
    expect(CUTOFFS.map(({ mlu }) => [mlu, brownStage(mlu)])).toEqual([
      [1.99, 'I'],
      [2, 'II'],
      [2.49, 'II'],
      [2.5, 'III'],
      [2.99, 'III'],
      [3, 'IV'],
      [3.74, 'IV'],
      [3.75, 'V'],
      [4.49, 'V'],
      [4.5, 'V+'],
    ]);
    expect([0, 1.999, 4.499, 12].map(brownStage)).toEqual(['I', 'I', 'V', 'V+']);
  });
});
