/** fontkit 2 (pdfkit's font engine) ships no types: what the report reads of a font to choose one per character. */
declare module 'fontkit' {
  export type Font = {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  };
  export function create(buffer: Uint8Array): Font;
}
