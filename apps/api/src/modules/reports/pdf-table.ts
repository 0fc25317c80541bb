import { drawText } from '../assessments/report-text';
import type { reportPage } from '../assessments/report-page';

/** A column of a report's table: its heading, its share of the width and its alignment. */
export type TableColumn = { title: string; share: number; align: 'left' | 'right' };

export const TABLE_COLORS = { ink: '#1f2937', muted: '#4b5563', rule: '#d1d5db', panel: '#f1f5f9' };

/**
 * A table of a report (docs/decisions/029-reports.md): a bold heading row, its rule, then rows
 * shaded every other one; on a new page the heading row is drawn again. A row's first cell may be
 * text people typed (a student's name): it goes through `drawText` (any script, wrapped), and the
 * row grows to fit it.
 */
export function pdfTable(page: ReturnType<typeof reportPage>, cols: TableColumn[], o: { typedFirst?: boolean } = {}) {
  const { doc, left, width } = page;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const { ink, muted, rule, panel } = TABLE_COLORS;
  const draw = (cells: string[], heading: boolean, shade: boolean) => {
    const minH = heading ? 26 : 16;
    if (doc.y + minH > bottom()) {
      doc.addPage();
      draw(
        cols.map((c) => c.title),
        true,
        false,
      );
    }
    const y = doc.y;
    // The height of the row: its first cell may wrap.
    let h = minH;
    const first = cols[0]!;
    if (!heading && o.typedFirst) {
      const lines = Math.ceil(
        doc
          .font('body')
          .fontSize(9)
          .widthOfString(cells[0] ?? '') /
          (width * first.share - 8),
      );
      h = Math.max(minH, 6 + Math.max(1, lines) * 11);
    }
    if (shade) doc.rect(left, y, width, h).fillColor(panel).fill();
    let x = left;
    cells.forEach((text, i) => {
      const col = cols[i]!;
      if (i === 0 && !heading && o.typedFirst) {
        doc.y = y + 3;
        drawText(doc, [{ text }], { x: x + 4, width: width * col.share - 8, size: 9, color: ink });
      } else {
        doc
          .font(heading ? 'bold' : 'body')
          .fontSize(heading ? 8 : 9)
          .fillColor(heading ? muted : ink)
          .text(text, x + 4, y + 4, { width: width * col.share - 8, align: col.align, lineGap: 0 });
      }
      x += width * col.share;
    });
    doc.x = left;
    doc.y = y + h;
    if (heading)
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .lineWidth(0.5)
        .strokeColor(rule)
        .stroke();
  };
  draw(
    cols.map((c) => c.title),
    true,
    false,
  );
  return { row: (cells: string[], shade: boolean) => draw(cells, false, shade) };
}

/** Every page's foot: `text(page, pages)` centred, drawn once the document is complete. */
export function pageFooters(page: ReturnType<typeof reportPage>, text: (page: number, pages: number) => string) {
  const { doc, left, width } = page;
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(TABLE_COLORS.muted)
      .text(text(i + 1, range.count), left, doc.page.height - 40, { width, align: 'center' });
    doc.page.margins.bottom = margin;
  }
}

/**
 * A UTC day (`YYYY-MM-DD…`) written long ("March 10, 2026") or medium ("Mar 10, 2026") in `locale`:
 * one formatter per style, made once per report (making one costs more than drawing the row using it).
 */
export function dayFormat(locale: string) {
  const formats = {
    long: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
    medium: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  };
  return (iso: string, style: 'long' | 'medium' = 'long') =>
    formats[style].format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
