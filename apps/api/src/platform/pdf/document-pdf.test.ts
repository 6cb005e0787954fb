import { describe, expect, it } from 'vitest';
import { documentPdf, type DocumentContent } from './document-pdf.ts';
import { pdfText, readStream } from './pdf-text.testing.ts';

// A 1×1 PNG: a logo pdfkit can place.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function content(rows: number, overrides: Partial<DocumentContent> = {}): DocumentContent {
  return {
    title: 'Zamówienie 12: Żółć',
    language: 'pl',
    parties: [
      { role: 'Frezownia', name: 'Fräserei Müller', addressLines: ['Hauptstraße 1', '80331 München'], logo: PNG },
      { role: 'Laboratorium', name: 'Laboratorium Łódź', addressLines: ['ul. Piotrkowska 5'], logo: Buffer.from('<svg/>') },
    ],
    // "ff" and "fi" become ligature glyphs in DejaVu: the text must still read back.
    facts: [['Status', 'Offen, fini']],
    table: {
      heading: 'Elementy',
      columns: [
        { header: 'Nazwa', width: 3 },
        { header: 'Pliki', width: 1, align: 'right' },
      ],
      rows: Array.from({ length: rows }, (_, i) => [`Element ${i + 1}`, String(i)]),
      empty: 'Brak elementów',
    },
    pageLabel: (page, pages) => `Strona ${page} z ${pages}`,
    ...overrides,
  };
}

const render = async (c: DocumentContent, compress = false) => pdfText(await readStream(documentPdf(c, { compress })));

describe('documentPdf', () => {
  it('writes Polish and German letters with the embedded DejaVu fonts, and skips a logo it cannot read', async () => {
    const { pages, fonts } = await render(content(2));
    expect(fonts).toEqual(expect.arrayContaining(['DejaVuSans', 'DejaVuSans-Bold']));
    expect(fonts.some((font) => /Helvetica/.test(font))).toBe(false);
    expect(pages).toHaveLength(1);
    for (const text of [
      'Offen, fini',
      'Zamówienie 12: Żółć',
      'Fräserei Müller',
      'Hauptstraße 1',
      'Laboratorium Łódź',
      'Element 2',
      'Strona 1 z 1',
    ])
      expect(pages[0]).toContain(text);
  });

  it('repeats the table header on every page and numbers the pages', async () => {
    const { pages } = await render(content(120));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Nazwa');
      expect(page).toContain(`Strona ${i + 1} z ${pages.length}`);
    });
    // Every row is there once, none lost at a page break.
    const all = pages.join('\n');
    for (let i = 1; i <= 120; i++) expect(all.split('\n').filter((line) => line === `Element ${i}`)).toHaveLength(1);
  });

  it('says so when the table is empty, and survives no parties and a damaged logo', async () => {
    const { pages } = await render(
      content(0, { parties: [{ role: 'Mill', name: 'M', addressLines: [], logo: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]) }] }),
    );
    expect(pages[0]).toContain('Brak elementów');
    expect((await render(content(1, { parties: [] }))).pages[0]).toContain('Element 1');
  });

  it('compresses its streams by default, with the same text inside', async () => {
    const pdf = await readStream(documentPdf(content(1)));
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdfText(pdf).pages[0]).toContain('Laboratorium Łódź');
  });
});
