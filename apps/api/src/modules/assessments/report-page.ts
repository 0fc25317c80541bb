import PDFDocument from 'pdfkit';
import { useFace } from './report-fonts';
import { cleanText, drawText, type Span } from './report-text';

/** The rule under a section's title. */
const RULE = '#d1d5db';

/**
 * An A4 document of the reports Habla prints (an assessment, decision 019; a progress report, decision
 * 029): its margins, faces and title metadata, the promise of its bytes once ended, and the two
 * things every page draws: a section's title, and text that people wrote (through `drawText`: any
 * script, in display order, never an empty box).
 */
export function reportPage(o: { lang: string; title: string; author: string; subject: string; accent: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    lang: o.lang,
    displayTitle: true,
    info: { Title: cleanText(o.title), Author: cleanText(o.author), Subject: cleanText(o.subject), Creator: 'Habla' },
  });
  useFace(doc, 'bold');
  useFace(doc, 'body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  /**
   * A section's title, underlined, after `before` lines and followed by `after` lines; on a new page
   * when it would start within `reserve` points of the page's foot.
   */
  const heading = (text: string, s: { before: number; after: number; reserve: number }) => {
    doc.moveDown(s.before);
    if (doc.y > doc.page.height - s.reserve) doc.addPage();
    doc.font('bold').fontSize(13).fillColor(o.accent).text(text, left, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(s.after);
  };
  const write = (
    spans: Span[],
    size: number,
    color: string,
    w: { lineGap?: number; direction?: 'ltr' | 'auto' } = {},
  ) => drawText(doc, spans, { x: left, width, size, color, ...w });
  return { doc, bytes, left, width, heading, write };
}
