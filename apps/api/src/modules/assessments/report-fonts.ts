import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The report's faces (decision 020): DejaVu Sans for Latin, Greek, Cyrillic, Arabic and Hebrew;
 * Noto Sans SC for Chinese and Japanese (Han, kana, full-width punctuation); Noto Emoji (outline,
 * one colour) for emoji. All three ship in npm packages under the SIL Open Font License, so a fresh
 * `npm install` has them and nothing is fetched at run time; pdfkit embeds the glyphs used, as a
 * subset.
 */
const FILES = {
  body: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  emoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
} as const;

export type Face = keyof typeof FILES;
export type Weight = 'body' | 'bold';

/** The faces tried, in order, for a character of a span of this weight. */
export const FALLBACKS: Record<Weight, readonly Face[]> = {
  body: ['body', 'cjk', 'emoji'],
  bold: ['bold', 'cjkBold', 'emoji'],
};
/** Tried first for a character written as an emoji (emoji presentation, a ZWJ sequence, a flag, a keycap). */
export const EMOJI_FACE: Face = 'emoji';

export type LoadedFace = { bytes: Buffer; font: Font; ascent: number; descent: number };

const require = createRequire(import.meta.url);
const loaded = new Map<Face, LoadedFace>();

/**
 * A face's bytes and metrics, read once per thread and only when a report needs it: the CJK faces
 * are 10 MB each and most reports never use them.
 */
export function face(name: Face): LoadedFace {
  let f = loaded.get(name);
  if (!f) {
    const bytes = fs.readFileSync(require.resolve(FILES[name]));
    const font = create(bytes);
    f = { bytes, font, ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm };
    loaded.set(name, f);
  }
  return f;
}

/** The faces registered with each document, under their names (pdfkit parses a face once per document). */
const registered = new WeakMap<PDFKit.PDFDocument, Set<Face>>();

/** Select a face in a document, registering it the first time this document uses it. */
export function useFace(doc: PDFKit.PDFDocument, name: Face): PDFKit.PDFDocument {
  let set = registered.get(doc);
  if (!set) registered.set(doc, (set = new Set()));
  if (!set.has(name)) {
    doc.registerFont(name, face(name).bytes);
    set.add(name);
  }
  return doc.font(name);
}
