import PDFDocument from 'pdfkit';

/**
 * A plain A4 document of text lines, top to bottom, flowing onto new pages: what a summary or a
 * receipt needs, without any feature's knowledge. Features decide the words; this decides the look.
 * The PDF is a stream (pdfkit), so nothing waits for the whole document.
 */
export type PdfLineStyle = 'title' | 'heading' | 'body' | 'warning' | 'footnote';

export interface PdfLine {
  text: string;
  style: PdfLineStyle;
}

/** Sizes in points; spacing in lines of the current size. */
const STYLES: Record<PdfLineStyle, { size: number; color: string; spaceBefore: number; spaceAfter: number }> = {
  title: { size: 18, color: 'black', spaceBefore: 0, spaceAfter: 0.5 },
  heading: { size: 13, color: 'black', spaceBefore: 1, spaceAfter: 0 },
  body: { size: 10, color: 'black', spaceBefore: 0, spaceAfter: 0 },
  warning: { size: 10, color: 'red', spaceBefore: 0, spaceAfter: 0 },
  footnote: { size: 8, color: 'gray', spaceBefore: 1, spaceAfter: 0 },
};

export function textPdf(meta: { title: string }, lines: PdfLine[]): NodeJS.ReadableStream {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: meta.title, Producer: 'CaseBridge' } });
  for (const line of lines) {
    const style = STYLES[line.style];
    if (style.spaceBefore) doc.moveDown(style.spaceBefore);
    doc.fontSize(style.size).fillColor(style.color).text(line.text);
    if (style.spaceAfter) doc.moveDown(style.spaceAfter);
  }
  doc.end();
  return doc;
}
