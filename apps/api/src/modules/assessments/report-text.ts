import bidiFactory from 'bidi-js';
import { EMOJI_FACE, FALLBACKS, face, useFace, type Face, type Weight } from './report-fonts';

/**
 * The report's text as people write it (decision 020): each character in a face that has it
 * (DejaVu Sans, then Noto Sans SC, then Noto Emoji), right-to-left runs in display order (the
 * Unicode bidirectional algorithm, bidi-js), Arabic joined by the face's own OpenType forms (fontkit
 * shapes a run given whole), and bidi controls taken out. A character no face can draw prints as
 * U+FFFD "�", never as an empty box. pdfkit wraps lines but knows nothing of direction or of a
 * second face, so the lines are broken and placed here.
 */

const bidi = bidiFactory();

/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): taken out, neither drawn nor obeyed (an override
 * in a name could reorder the text around it). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Control characters other than the line break (a tab is a space). */
const CONTROLS = /[^\P{Cc}\n]/gu;
/** Characters with no ink (joiners, variation selectors, LRM/RLM): dropped where the chosen face has no glyph for them.
 * */
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** A cluster shown as an emoji: emoji presentation, a variation selector 16, a keycap, a skin tone, a flag, or a ZWJ
 * sequence. */
const EMOJI =
  /\p{Emoji_Presentation}|\uFE0F|\u20E3|\p{Emoji_Modifier}|\p{Regional_Indicator}|\p{Extended_Pictographic}\u200D/u;
/** Scripts written without spaces between words: a line may break between any two of their characters. */
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;
/** Punctuation that must not start a line (a comma, a full stop, a closing bracket, in any script). */
const NO_BREAK_BEFORE = /^[\p{Pe}\p{Pf}\p{Po}]/u;
/** Letters of right-to-left scripts, which fontkit shapes and orders right to left by itself. */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** What prints in place of a character no face can draw. */
export const REPLACEMENT = '\uFFFD';

/** Text as the report draws it: bidi controls and control characters taken out. */
export function cleanText(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/\t/g, ' ').replace(CONTROLS, '');
}

export type Span = { text: string; weight?: Weight; color?: string };
export type TextBox = {
  x: number;
  width: number;
  size: number;
  color: string;
  lineGap?: number;
  /** `ltr`: a line the report composes (a label and its value); `auto`: free text, right to left when it starts so. */
  direction?: 'ltr' | 'auto';
};

type Cluster = { text: string; face: Face; color: string; level: number; space: boolean; cjk: boolean };

/** Whether a face draws a cluster: every character with ink has a glyph in it. */
function covers(name: Face, cluster: string): boolean {
  const { font } = face(name);
  return [...cluster].every((c) => IGNORABLE.test(c) || font.hasGlyphForCodePoint(c.codePointAt(0)!));
}

/** The face for a cluster and the text to draw in it (ignorables the face lacks left out), or the replacement
 * character. */
function place(cluster: string, weight: Weight): { face: Face; text: string } {
  const order = EMOJI.test(cluster) ? [EMOJI_FACE, ...FALLBACKS[weight]] : FALLBACKS[weight];
  const name = order.find((f) => covers(f, cluster));
  if (!name) return { face: FALLBACKS[weight][0]!, text: REPLACEMENT };
  const { font } = face(name);
  return {
    face: name,
    text: [...cluster].filter((c) => !IGNORABLE.test(c) || font.hasGlyphForCodePoint(c.codePointAt(0)!)).join(''),
  };
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** One paragraph's clusters, each with its face, colour and bidi level. */
function clustersOf(
  paragraph: string,
  spanAt: (i: number) => Span,
  direction: 'ltr' | 'auto',
  defaultColor: string,
): { clusters: Cluster[]; rtl: boolean } {
  const levels = bidi.getEmbeddingLevels(paragraph, direction);
  const mirrored = bidi.getMirroredCharactersMap(paragraph, levels.levels);
  const clusters: Cluster[] = [];
  for (const { segment, index } of segmenter.segment(paragraph)) {
    const span = spanAt(index);
    const level = levels.levels[index] ?? 0;
    const { face: name, text } = place(mirrored.get(index) ?? segment, span.weight ?? 'body');
    clusters.push({
      text,
      face: name,
      color: span.color ?? defaultColor,
      level,
      space: /^\s+$/u.test(segment),
      cjk: CJK.test(segment),
    });
  }
  return { clusters, rtl: (levels.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** Where a line may break: after a space, and around characters of scripts written without spaces. */
function breakBefore(clusters: Cluster[], i: number): boolean {
  const prev = clusters[i - 1];
  const here = clusters[i]!;
  if (!prev || here.space) return false;
  if (prev.space) return true;
  return (prev.cjk || here.cjk) && !NO_BREAK_BEFORE.test(here.text);
}

type Piece = {
  text: string;
  face: Face;
  color: string;
  level: number;
  width: number;
  features: PDFKit.Mixins.OpenTypeFeatures[] | undefined;
};

/** Runs of one face, colour and level, measured as pdfkit will draw them (a right-to-left run shaped whole). */
function piecesOf(doc: PDFKit.PDFDocument, clusters: Cluster[], size: number): Piece[] {
  const pieces: Piece[] = [];
  for (const c of clusters) {
    const last = pieces.at(-1);
    if (last && last.face === c.face && last.color === c.color && last.level === c.level) last.text += c.text;
    else pieces.push({ text: c.text, face: c.face, color: c.color, level: c.level, width: 0, features: undefined });
  }
  for (const p of pieces) {
    if (p.level % 2 === 1) {
      // Given whole (an empty feature list bypasses pdfkit's word-by-word cache), fontkit joins the
      // letters and lays a right-to-left script out right to left. A run with no such letters (an
      // emoji or punctuation between Arabic words) is turned around here, cluster by cluster.
      if (RTL_LETTER.test(p.text)) p.features = [];
      else
        p.text = [...segmenter.segment(p.text)]
          .map((s) => s.segment)
          .reverse()
          .join('');
    }
    p.width = useFace(doc, p.face).fontSize(size).widthOfString(p.text, { features: p.features });
  }
  return pieces;
}

/** Pieces in display order: the highest levels turned around first (rule L2 of the bidirectional algorithm). */
function displayOrder(pieces: Piece[]): Piece[] {
  const out = [...pieces];
  const max = Math.max(0, ...out.map((p) => p.level));
  const lowestOdd = Math.min(...out.map((p) => p.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; i++) {
      if (out[i]!.level < level) continue;
      let j = i;
      while (j + 1 < out.length && out[j + 1]!.level >= level) j++;
      out.splice(i, j - i + 1, ...out.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return out;
}

/**
 * Draw spans of text from `doc.y` in a box `width` wide, wrapping lines and starting a new page
 * when the page is full; leaves `doc.y` below the text.
 */
export function drawText(doc: PDFKit.PDFDocument, spans: Span[], box: TextBox): void {
  const parts = spans.map((s) => ({ ...s, text: cleanText(s.text) }));
  const text = parts.map((s) => s.text).join('');
  // Where each span ends in the text, to find the span of a character.
  const ends: number[] = [];
  parts.reduce((end, s) => (ends.push(end + s.text.length), end + s.text.length), 0);
  const spanAt = (i: number): Span =>
    parts[
      Math.max(
        0,
        ends.findIndex((end) => i < end),
      )
    ] ?? { text: '' };
  const gap = box.lineGap ?? 0;
  let top = doc.y;
  let offset = 0;
  for (const paragraph of text.split('\n')) {
    const base = offset;
    offset += paragraph.length + 1;
    const { clusters, rtl } = clustersOf(paragraph, (i) => spanAt(base + i), box.direction ?? 'auto', box.color);
    const body = face(FALLBACKS.body[0]!);
    if (!clusters.length) {
      top += box.size * (body.ascent + body.descent) + gap;
      continue;
    }
    // Break into lines in logical order, measuring each cluster in its face.
    const widths = clusters.map((c) => useFace(doc, c.face).fontSize(box.size).widthOfString(c.text));
    const lines: Cluster[][] = [];
    let line: Cluster[] = [];
    let lineWidth = 0;
    for (let i = 0; i < clusters.length; i++) {
      if (breakBefore(clusters, i)) {
        // The word that starts here: up to the next break.
        let end = i + 1;
        while (end < clusters.length && !breakBefore(clusters, end)) end++;
        let wordWidth = 0;
        for (let k = i; k < end; k++) if (!clusters[k]!.space) wordWidth += widths[k]!;
        if (line.length && lineWidth + wordWidth > box.width) {
          lines.push(line);
          line = [];
          lineWidth = 0;
        }
      } else if (line.length && !clusters[i]!.space && lineWidth + widths[i]! > box.width) {
        // A word longer than the line: broken where it reaches the edge.
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      if (!line.length && clusters[i]!.space) continue;
      line.push(clusters[i]!);
      lineWidth += widths[i]!;
    }
    if (line.length) lines.push(line);

    for (const l of lines) {
      while (l.length && l.at(-1)!.space) l.pop();
      const pieces = displayOrder(piecesOf(doc, l, box.size));
      const faces = new Set(pieces.map((p) => face(p.face)));
      const ascent = Math.max(...[...faces].map((f) => f.ascent)) * box.size;
      const descent = Math.max(...[...faces].map((f) => f.descent)) * box.size;
      if (top + ascent + descent > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        top = doc.page.margins.top;
      }
      const total = pieces.reduce((s, p) => s + p.width, 0);
      let x = rtl ? box.x + box.width - total : box.x;
      for (const p of pieces) {
        useFace(doc, p.face)
          .fontSize(box.size)
          .fillColor(p.color)
          .text(p.text, x, top + ascent, { lineBreak: false, baseline: 'alphabetic', features: p.features });
        x += p.width;
      }
      top += ascent + descent + gap;
    }
  }
  doc.x = box.x;
  doc.y = top;
}
