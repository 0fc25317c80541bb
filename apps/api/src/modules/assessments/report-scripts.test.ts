import type { AssessmentMeasures } from '@habla/shared';
import { inflateSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysisTask } from '../lsa/analysis-task';
import { renderReport } from './report';

/**
 * Decision 020: the report prints the scripts people write (names, notes, utterances): Chinese and
 * Japanese in Noto Sans SC, emoji in Noto Emoji, Arabic and Hebrew right to left and joined, bidi
 * overrides taken out, and what no face has as "�" — never the empty box of a missing glyph.
 */

const OVERRIDE = '\u202E';
const ISOLATE = '\u2067';
const REPLACEMENT = '\uFFFD';

/** A sample whose utterances are in several scripts, analysed by the real code (no catalogs needed). */
function analysis(): AssessmentMeasures {
  const text = ['CHI: I like 寿司 and ramen 🍜 .', 'CHI: mama said مرحبا بالعالم today .', 'CHI: שלום אבא .', ''].join(
    '\n',
  );
  const out = analysisTask({
    format: 'text',
    text,
    language: 'en',
    field: 'text',
    lexicon: { dictionary: [], verbs: [] },
  });
  if (out.kind !== 'done') throw new Error('the sample asked for the catalogs');
  return {
    ...out.measures,
    utterance_list: out.details.map((d) => ({ ...d, errors: ['grammar' as const] })),
    errors_version: 1,
    editable: true,
  };
}

/** The BaseFont names of the PDF's embedded fonts, without their subset tag. */
const fontsOf = (pdf: Buffer) =>
  [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]!))].sort();

/** Every glyph id the page content shows (pdfkit writes `[<00120034> 0 <…>] TJ` in Identity-H). */
function glyphIdsShown(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const ids: string[] = [];
  for (const m of raw.matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)) {
    const start = m.index + m[0].length;
    const content = inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
    if (!content.includes(' TJ')) continue;
    for (const tj of content.matchAll(/\[([^[\]]*)\] TJ/g))
      for (const hex of tj[1]!.matchAll(/<([0-9a-f]+)>/g)) ids.push(...(hex[1]!.match(/.{4}/g) ?? []));
  }
  return ids;
}

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

let pdf: Buffer;
let text: string;

beforeAll(async () => {
  pdf = await renderReport({
    lang: 'en',
    title: 'Sample 🎈 with 中文 and עברית',
    student: `Layla ${OVERRIDE}abc${'\u202C'} محمد 李小龍 👩‍👩‍👧 🇪🇸`,
    therapist: 'Dr. שרה כהן',
    account: 'Clinic 東京',
    sampleDate: '2026-03-01',
    status: 'WORK_IN_PROGRESS',
    conclusions: {
      syntax: 'Uses short sentences. 使用短句。日本語のひらがなとカタカナ。',
      tense: 'يستخدم الطفل جملًا قصيرة (٣ كلمات) في المتوسط.',
      function: 'שלום! הילד מדבר (בעברית) 123 מילים.',
      subject: 'Mixed: English then العربية then English again, with emoji 😀👍🏽❤️ and 한국어.',
    },
    recommendation: 'Keep practising 👍',
    notes: `Override test: ${OVERRIDE}txt.exe${'\u202C'} and isolate ${ISOLATE}abc${'\u2069'} end.`,
    summary: null,
    analysis: analysis(),
    now: new Date('2026-03-02T10:00:00Z'),
  });
  text = await textOf(pdf);
});

describe('the report prints the scripts people write', () => {
  it('embeds a face for each: DejaVu Sans, Noto Sans SC (Chinese, Japanese), Noto Emoji', () => {
    expect(fontsOf(pdf)).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'NotoEmoji-Regular', 'NotoSansSC-Regular']);
  });

  it('draws no missing glyph (the empty box)', () => {
    const shown = glyphIdsShown(pdf);
    expect(shown.length).toBeGreaterThan(500);
    expect(shown.filter((id) => id === '0000')).toEqual([]);
  });

  it('keeps Chinese, Japanese and emoji as written', () => {
    for (const s of [
      'Clinic 東京',
      '李小龍',
      '使用短句。日本語のひらがなとカタカナ。',
      'I like 寿司 and ramen 🍜',
      'Keep practising 👍',
      '🎈',
    ])
      expect(text).toContain(s);
  });

  it('orders Arabic and Hebrew right to left (read back in their written order)', () => {
    for (const s of ['محمد', 'Dr. שרה כהן', 'mama said مرحبا بالعالم today', 'English then العربية then English'])
      expect(text).toContain(s);
  });

  it('takes out bidi overrides and isolates instead of drawing or obeying them', () => {
    expect(text).not.toContain(OVERRIDE);
    expect(text).not.toContain(ISOLATE);
    expect(text).toContain('Layla abc محمد');
    expect(text).toContain('Override test: txt.exe and isolate abc end.');
  });

  it('prints what no face has (Korean here) as “�”, one per character', () => {
    expect(text).toContain(`and ${REPLACEMENT.repeat(3)}.`);
  });
});
