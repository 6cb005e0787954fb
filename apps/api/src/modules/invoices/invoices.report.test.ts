import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@casebridge/shared/constants/languages';
import { documentPdf } from '../../platform/pdf/document-pdf.ts';
import { pdfText, readStream } from '../../platform/pdf/pdf-text.testing.ts';
import { invoiceReportContent, vatOfLines, type InvoiceDocumentInput } from './invoices.report.ts';

const SELLER = {
  name: 'CaseBridge GmbH',
  street: 'Friedrichstraße 100',
  zipCode: '10117',
  city: 'Berlin',
  country: 'DE',
  vatNumber: 'DE123456789',
  email: 'billing@casebridge.local',
};
const GERMAN_BUYER = {
  name: 'Fräserei Müller GmbH',
  street: 'Hauptstraße 1',
  zipCode: '80331',
  city: 'München',
  country: 'DE',
  vatNumber: 'DE987654321',
  email: 'admin@mueller.test',
};

/** An essential plan with the 180-day add-on, for a German buyer: 19 % VAT. */
function germanInvoice(overrides: Partial<InvoiceDocumentInput> = {}): InvoiceDocumentInput {
  return {
    number: 'CB-2026-00042',
    issuedAt: new Date('2026-03-01T10:00:00Z'),
    periodStart: new Date('2026-03-01T00:00:00Z'),
    periodEnd: new Date('2026-04-01T00:00:00Z'),
    lines: [
      { description: 'Essential plan', amountCents: 4_900 },
      { description: 'Files kept 180 days', amountCents: 900 },
    ],
    netCents: 5_800,
    vatPercent: 19,
    vatCents: 1_102,
    totalCents: 6_902,
    taxTreatment: 'domestic',
    paid: true,
    seller: SELLER,
    buyer: GERMAN_BUYER,
    ...overrides,
  };
}

const render = async (invoice: InvoiceDocumentInput, language: Language) =>
  pdfText(await readStream(documentPdf(invoiceReportContent(invoice, language), { compress: false })));
/** Intl separates the euro sign with a no-break space (and French groups with a narrow one): compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the invoice PDF', () => {
  it('lays out a German invoice in German: parties, number, dates, lines with their VAT, totals, status', async () => {
    const { pages, fonts } = await render(germanInvoice(), 'de');
    expect(pages).toHaveLength(1);
    expect(fonts).toContain('DejaVuSans');
    const page = plain(pages[0]!);
    for (const text of [
      'Rechnung CB-2026-00042',
      'RECHNUNGSSTELLER',
      'CaseBridge GmbH',
      'Friedrichstraße 100',
      'USt-IdNr. DE123456789',
      'RECHNUNGSEMPFÄNGER',
      'Fräserei Müller GmbH',
      '80331 München',
      'Deutschland',
      'USt-IdNr. DE987654321',
      'Rechnungsdatum',
      '01.03.2026',
      '01.03.2026 – 01.04.2026',
      'Per Karte bezahlt',
      'Tarif Essential',
      'Dateiaufbewahrung 180 Tage',
      // Each line: net, rate, VAT, gross.
      '49,00 €',
      '19 %',
      '9,31 €',
      '58,31 €',
      '9,00 €',
      '1,71 €',
      '10,71 €',
      'Nettobetrag',
      '58,00 €',
      'Umsatzsteuer 19 %',
      '11,02 €',
      'Gesamtbetrag (brutto)',
      '69,02 €',
      'Seite 1 von 1',
    ]) {
      expect(page).toContain(text);
    }
    // No English left in a German invoice, and no reverse-charge note for a domestic buyer.
    for (const english of ['Invoice', 'Paid by card', 'Essential plan', 'Net amount', 'Page 1']) expect(page).not.toContain(english);
    expect(page).not.toContain('Reverse Charge');
  });

  it.each([
    ['en', 'Invoice CB-2026-00042', 'Total (gross)', '€69.02', 'Essential plan'],
    ['fr', 'Facture CB-2026-00042', 'Total TTC', '69,02 €', 'Offre Essential'],
    ['it', 'Fattura CB-2026-00042', 'Totale (IVA inclusa)', '69,02 €', 'Piano Essential'],
    ['sp', 'Factura CB-2026-00042', 'Total (IVA incluido)', '69,02 €', 'Plan Essential'],
    ['pl', 'Faktura CB-2026-00042', 'Razem brutto', '69,02 €', 'Plan Essential'],
  ] as const)('writes %s words and amounts as that language writes euros', async (language, title, total, amount, plan) => {
    const page = plain((await render(germanInvoice(), language)).pages[0]!);
    for (const text of [title, total, amount, plan]) expect(page).toContain(text);
  });

  it('has its own words in every language (no copies of English)', async () => {
    const english = plain((await render(germanInvoice(), 'en')).pages[0]!);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const page = plain((await render(germanInvoice(), language)).pages[0]!);
      expect(page, language).not.toContain('Payment status');
      expect(page, language).not.toContain('Service period');
      expect(page).not.toEqual(english);
    }
  });

  it('shows reverse charge with both VAT numbers for an EU business, and no VAT', async () => {
    const austrian = { ...GERMAN_BUYER, name: 'Alpenfräse GmbH', country: 'AT', vatNumber: 'ATU12345678', city: 'Wien', zipCode: '1010' };
    const invoice = germanInvoice({
      buyer: austrian,
      vatPercent: 0,
      vatCents: 0,
      totalCents: 5_800,
      taxTreatment: 'reverseCharge',
      paid: false,
    });
    const page = plain((await render(invoice, 'de')).pages[0]!);
    for (const text of [
      'Österreich',
      'USt-IdNr. ATU12345678',
      'USt-IdNr. DE123456789',
      'Reverse Charge',
      '§ 13b UStG',
      'Umsatzsteuer 0 %',
      '0,00 €',
      'Offen',
      'Gesamtbetrag (brutto)',
      '58,00 €',
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain('Per Karte bezahlt');
    const swiss = plain(
      (
        await render(
          germanInvoice({
            buyer: { ...austrian, country: 'CH', vatNumber: null },
            vatPercent: 0,
            vatCents: 0,
            totalCents: 5_800,
            taxTreatment: 'outsideEu',
          }),
          'en',
        )
      ).pages[0]!,
    );
    expect(swiss).toContain('Switzerland');
    expect(swiss).toContain('Not taxable in Germany');
  });

  it('translates proration and credit lines, and keeps a description it does not know as written', async () => {
    const invoice = germanInvoice({
      lines: [
        { description: 'Change to Enterprise plan + Files kept 365 days for the rest of the period', amountCents: 6_000 },
        { description: 'Credit from an earlier change', amountCents: -1_000 },
        { description: 'Remaining time on Enterprise plan after 15 Mar 2026', amountCents: 500 },
        { description: 'Premium support (dashboard product)', amountCents: 100 },
      ],
      netCents: 5_600,
      vatCents: 1_064,
      totalCents: 6_664,
    });
    const page = plain((await render(invoice, 'de')).pages[0]!);
    // A long description wraps within its cell.
    expect(page.replace(/ ?\n/g, ' ')).toContain('Wechsel zu Tarif Enterprise + Dateiaufbewahrung 365 Tage für den Rest des Zeitraums');
    expect(page).toContain('Gutschrift aus einem früheren Wechsel');
    expect(page).toContain('-10,00 €');
    expect(page).toContain('Restzeit für Tarif Enterprise ab 15 Mar 2026');
    expect(page).toContain('Premium support (dashboard product)');
  });

  it('breaks a long invoice over pages: the header row on each, every line once, the totals once at the end', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => ({ description: `Files kept ${i + 1} days`, amountCents: 100 + i }));
    const netCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const vatCents = Math.round(netCents * 0.19);
    const { pages } = await render(germanInvoice({ lines, netCents, vatCents, totalCents: netCents + vatCents }), 'en');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Description');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      // The seller's details in every page's footer.
      expect(page).toContain('CaseBridge GmbH · Friedrichstraße 100, 10117 Berlin');
    });
    const all = pages.join('\n').split('\n');
    for (let day = 1; day <= 90; day++)
      expect(
        all.filter((line) => line === `Files kept ${day} days`),
        `line ${day}`,
      ).toHaveLength(1);
    // The totals come after the last line, on the last page only.
    const last = plain(pages.at(-1)!);
    expect(last).toContain('Total (gross)');
    expect(last).toContain(`€${((netCents + vatCents) / 100).toFixed(2)}`);
    expect(last.indexOf('Files kept 90 days')).toBeLessThan(last.indexOf('Total (gross)'));
    for (const page of pages.slice(0, -1)) expect(page).not.toContain('Total (gross)');
  });
});

describe('the VAT of each line', () => {
  it('adds up to the VAT charged, whatever the rounding of each line', () => {
    // Three lines of 0.33 €: 19 % of each rounds to 6 cents, 18 in all, but 19 % of 0.99 € is 19 cents.
    const lines = [{ amountCents: 33 }, { amountCents: 33 }, { amountCents: 34 }];
    const shares = vatOfLines(lines, 19, 19);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(19);
    expect(shares.every((share) => share >= 6 && share <= 7)).toBe(true);
    expect(vatOfLines([{ amountCents: 4_900 }, { amountCents: -1_000 }], 19, 741)).toEqual([931, -190]);
    expect(vatOfLines([], 19, 0)).toEqual([]);
    // A credit without VAT has none, not minus none.
    expect(Object.is(vatOfLines([{ amountCents: -1_000 }], 0, 0)[0], 0)).toBe(true);
  });
});
