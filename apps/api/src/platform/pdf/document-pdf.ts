import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * A laid-out A4 business document: a header with the parties (name, address, logo), a title, a
 * block of key/value facts, one table whose header row repeats on every page, and "Page n of m"
 * footers. Features decide the words (already translated); this decides the look. DejaVu Sans is
 * embedded because pdfkit's built-in Helvetica has no glyphs for ł, ő, ę and the like.
 */

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface DocumentParty {
  /** What the party is in this document, e.g. "Mill". */
  role: string;
  name: string;
  addressLines: string[];
  /** PNG or JPEG bytes; anything pdfkit cannot read is left out, the name still shows. */
  logo: Buffer | null;
}

export interface DocumentColumn {
  header: string;
  /** Share of the table's width; the shares of all columns are scaled to fill it. */
  width: number;
  align?: 'left' | 'right';
}

export interface DocumentContent {
  title: string;
  /** BCP 47 language of the words, written into the PDF for screen readers. */
  language: string;
  parties: DocumentParty[];
  facts: [label: string, value: string][];
  /** A highlighted line under the facts (e.g. "This order was deleted"). */
  notice?: string;
  table: { heading: string; columns: DocumentColumn[]; rows: string[][]; empty: string };
  /** Label and value pairs right-aligned under the table (an invoice's net, VAT and total); kept on one page. */
  totals?: { label: string; value: string; strong?: boolean }[];
  /** Paragraphs after the table and totals (e.g. a tax note). */
  notes?: string[];
  /** Left in every page's footer (e.g. who printed it when), beside the page number. */
  footnote?: string;
  pageLabel: (page: number, pages: number) => string;
}

export interface DocumentOptions {
  /** Tests read the page streams as text; production output stays compressed. */
  compress?: boolean;
}

const MARGIN = 50;
const FOOTER_HEIGHT = 30;
const LOGO_BOX = { width: 110, height: 40 };
const CELL_PAD = 4;
const GREY = '#555555';
const RULE = '#bbbbbb';
const HEADER_FILL = '#eef1f5';

type Doc = InstanceType<typeof PDFDocument>;

export function documentPdf(content: DocumentContent, options: DocumentOptions = {}): NodeJS.ReadableStream {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: content.language,
    displayTitle: true,
    info: { Title: content.title, Producer: 'CaseBridge' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular');

  drawParties(doc, content.parties);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor('black')
    .text(content.title, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.5);
  drawFacts(doc, content.facts);
  if (content.notice) {
    doc.moveDown(0.5);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#c92a2a')
      .text(content.notice, MARGIN, doc.y, { width: contentWidth(doc) });
  }
  doc.moveDown(1);
  drawTable(doc, content);
  if (content.totals?.length) drawTotals(doc, content.totals);
  for (const note of content.notes ?? []) drawNote(doc, note);
  drawFooters(doc, content.pageLabel, content.footnote);
  doc.end();
  return doc;
}

const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottomLimit = (doc: Doc) => doc.page.height - MARGIN - FOOTER_HEIGHT;

/** Starts a new page when `height` does not fit, running `onNewPage` (e.g. to repeat a header). */
function ensureRoom(doc: Doc, height: number, onNewPage: () => void): void {
  if (doc.y + height <= bottomLimit(doc)) return;
  doc.addPage();
  doc.y = MARGIN;
  onNewPage();
}

/** The parties side by side, each with its logo above its name and address. */
function drawParties(doc: Doc, parties: DocumentParty[]): void {
  if (parties.length === 0) return;
  const top = MARGIN;
  const gap = 20;
  const columnWidth = (contentWidth(doc) - gap * (parties.length - 1)) / parties.length;
  let lowest = top;
  // Every party's logo is tried first, so that the names line up whether or not each has one.
  const placed = parties.map((party, index) => party.logo !== null && drawLogo(doc, party.logo, MARGIN + index * (columnWidth + gap), top));
  const textTop = placed.some(Boolean) ? top + LOGO_BOX.height + 6 : top;
  parties.forEach((party, index) => {
    const x = MARGIN + index * (columnWidth + gap);
    const y = textTop;
    doc.font('regular').fontSize(8).fillColor(GREY).text(party.role.toUpperCase(), x, y, { width: columnWidth });
    doc.font('bold').fontSize(11).fillColor('black').text(party.name, x, doc.y, { width: columnWidth });
    doc.font('regular').fontSize(9).fillColor('black');
    for (const line of party.addressLines) doc.text(line, x, doc.y, { width: columnWidth });
    lowest = Math.max(lowest, doc.y);
  });
  doc
    .moveTo(MARGIN, lowest + 8)
    .lineTo(MARGIN + contentWidth(doc), lowest + 8)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.x = MARGIN;
  doc.y = lowest + 20;
}

/** False when the bytes are no image pdfkit can place (SVG, WebP, damaged file): the header goes on without it. */
function drawLogo(doc: Doc, logo: Buffer, x: number, y: number): boolean {
  try {
    doc.image(logo, x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    return true;
  } catch {
    return false;
  }
}

function drawFacts(doc: Doc, facts: [string, string][]): void {
  const labelWidth = 130;
  const valueWidth = contentWidth(doc) - labelWidth - 10;
  for (const [label, value] of facts) {
    doc.font('regular').fontSize(10);
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value || '–', { width: valueWidth }));
    ensureRoom(doc, height, () => undefined);
    const y = doc.y;
    doc.fillColor(GREY).text(label, MARGIN, y, { width: labelWidth });
    doc.fillColor('black').text(value || '–', MARGIN + labelWidth + 10, y, { width: valueWidth });
    doc.y = y + height + 3;
  }
  doc.x = MARGIN;
}

function drawTable(doc: Doc, content: DocumentContent): void {
  const { heading, columns, rows, empty } = content.table;
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / total) * contentWidth(doc));
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((sum, w) => sum + w, 0));

  const rowHeight = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * CELL_PAD }))) + 2 * CELL_PAD;
  };
  const drawRow = (cells: string[], font: 'regular' | 'bold', fill?: string) => {
    const height = rowHeight(cells, font);
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, contentWidth(doc), height).fill(fill);
    doc.font(font).fontSize(9).fillColor('black');
    cells.forEach((cell, i) => {
      doc.text(cell, xs[i]! + CELL_PAD, y + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD, align: columns[i]!.align ?? 'left' });
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + contentWidth(doc), y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const headerCells = columns.map((column) => column.header);
  const drawHeader = () => drawRow(headerCells, 'bold', HEADER_FILL);
  // A continued table says whose it is before its repeated header row.
  const continueTable = () => {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${content.title} – ${heading}`, MARGIN, doc.y, { width: contentWidth(doc), lineBreak: false, ellipsis: true });
    doc.y += 6;
    drawHeader();
  };

  // The heading, the header row and a first row stay together.
  doc.font('bold').fontSize(13);
  const headingHeight = doc.heightOfString(heading, { width: contentWidth(doc) }) + 4;
  ensureRoom(doc, headingHeight + rowHeight(headerCells, 'bold') + (rows[0] ? rowHeight(rows[0], 'regular') : 20), () => undefined);
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('black')
    .text(heading, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.y += 4;
  drawHeader();
  if (rows.length === 0) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(empty, MARGIN + CELL_PAD, doc.y + CELL_PAD, { width: contentWidth(doc) });
    return;
  }
  for (const row of rows) {
    ensureRoom(doc, rowHeight(row, 'regular'), continueTable);
    drawRow(row, 'regular');
  }
}

/** The totals as a right-aligned block; it moves to the next page whole rather than split from its last line. */
function drawTotals(doc: Doc, totals: { label: string; value: string; strong?: boolean }[]): void {
  const valueWidth = 110;
  const labelWidth = 190;
  const x = MARGIN + contentWidth(doc) - valueWidth - labelWidth;
  const heightOf = (row: { label: string; value: string; strong?: boolean }) => {
    doc.font(row.strong ? 'bold' : 'regular').fontSize(row.strong ? 11 : 10);
    return Math.max(doc.heightOfString(row.label, { width: labelWidth - 10 }), doc.heightOfString(row.value, { width: valueWidth })) + 4;
  };
  doc.y += 8;
  ensureRoom(doc, totals.reduce((sum, row) => sum + heightOf(row), 0) + 4, () => undefined);
  for (const row of totals) {
    const height = heightOf(row);
    const y = doc.y;
    // The strong line (the amount due) is set off by a rule above it.
    if (row.strong)
      doc
        .moveTo(x, y)
        .lineTo(MARGIN + contentWidth(doc), y)
        .lineWidth(0.8)
        .strokeColor('black')
        .stroke();
    doc
      .font(row.strong ? 'bold' : 'regular')
      .fontSize(row.strong ? 11 : 10)
      .fillColor('black');
    doc.text(row.label, x, y + 2, { width: labelWidth - 10, align: 'right' });
    doc.text(row.value, x + labelWidth, y + 2, { width: valueWidth, align: 'right' });
    doc.y = y + height;
  }
  doc.x = MARGIN;
}

function drawNote(doc: Doc, note: string): void {
  doc.font('regular').fontSize(9);
  const height = doc.heightOfString(note, { width: contentWidth(doc) });
  doc.y += 8;
  ensureRoom(doc, height, () => undefined);
  doc.fillColor('black').text(note, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.x = MARGIN;
}

/** "Page n of m" on every page, written once the page count is known (bufferPages), and the footnote. */
function drawFooters(doc: Doc, pageLabel: (page: number, pages: number) => string, footnote: string | undefined): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing into the bottom margin would otherwise make pdfkit start yet another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    const label = pageLabel(i + 1, range.count);
    doc.font('regular').fontSize(8).fillColor(GREY);
    const labelWidth = doc.widthOfString(label) + 10;
    if (footnote) doc.text(footnote, MARGIN, y, { width: contentWidth(doc) - labelWidth, lineBreak: false, ellipsis: true });
    doc.text(label, MARGIN, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
