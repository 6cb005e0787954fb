import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/companies.ts';
import { users } from '../../db/schema/users.ts';
import { pdfText } from '../../platform/pdf/pdf-text.testing.ts';
import { addMillUser, createMill, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { recordProviderInvoice } from './invoices.service.ts';

/** The operator as INVOICE_SELLER names it: the seller block of every invoice issued while it is set. */
const OPERATOR = {
  name: 'Fräs-Portal Betriebs GmbH',
  street: 'Königsallee 7',
  zipCode: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  vatNumber: 'DE111222333',
  email: 'rechnung@portal.test',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { INVOICE_SELLER: JSON.stringify(OPERATOR) } });
});
afterAll(async () => {
  await t.close();
});

/** A mill whose admin reads in `language`, with its company's invoice details filled in. */
async function millReadingIn(language: string, company: Partial<typeof companies.$inferInsert> = {}) {
  const { mill, admin, company: row } = await createMill(t.db);
  await t.db
    .update(companies)
    .set({
      name: 'Fräserei Łódź Sp. z o.o.',
      street: 'ul. Piotrkowska 5',
      zipCode: '90-001',
      city: 'Łódź',
      country: 'DE',
      email: 'admin@lodz.test',
      ...company,
    })
    .where(eq(companies.id, row.id));
  await t.db.update(users).set({ language }).where(eq(users.id, admin.id));
  return { mill, admin, companyId: row.id, jwt: await signIn(t, admin.email) };
}

/** A paid invoice as the provider's webhook records it: the essential plan and an add-on, 19 % VAT. */
async function issueInvoice(millId: number) {
  const start = new Date('2026-05-01T00:00:00Z');
  const end = new Date('2026-06-01T00:00:00Z');
  await recordProviderInvoice({ config: t.config }, t.db, millId, {
    id: `in_test_${randomBytes(6).toString('hex')}`,
    subscriptionId: null,
    millId,
    paid: true,
    createdAt: new Date('2026-05-01T08:00:00Z'),
    lines: [
      { description: 'Essential plan', amountCents: 3_920, periodStart: start, periodEnd: end },
      { description: 'Files kept 365 days', amountCents: 1_900, periodStart: start, periodEnd: end },
    ],
    subtotalCents: 5_820,
    taxCents: 1_106,
    totalCents: 6_926,
    amountDueCents: 0,
    nextPaymentAttempt: null,
  });
}

async function pdfOf(jwt: string, invoiceId: number) {
  const response = await t.request({ method: 'GET', url: `/api/payments/invoices/${invoiceId}/pdf`, token: jwt });
  return {
    response,
    text:
      response.statusCode === 200
        ? pdfText(response.rawPayload)
            .pages.join('\n')
            .replace(/[\u00a0\u202f]/g, ' ')
        : '',
  };
}

/** The mill's newest invoice, as its invoices tab lists it. */
const invoiceOf = async (jwt: string, millId: number): Promise<{ id: number; number: string }> =>
  (await t.request({ method: 'GET', url: `/api/payments/invoices?millId=${millId}`, token: jwt })).json().data[0];

describe('GET /payments/invoices/{id}/pdf', () => {
  it("is the laid-out invoice in the mill admin's language, with the operator from INVOICE_SELLER as seller", async () => {
    const german = await millReadingIn('de');
    await issueInvoice(german.mill.id);
    const invoice = await invoiceOf(german.jwt, german.mill.id);
    const { response, text } = await pdfOf(german.jwt, invoice.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    for (const expected of [
      `Rechnung ${invoice.number}`,
      'Fräs-Portal Betriebs GmbH',
      'Königsallee 7',
      '40212 Düsseldorf',
      'USt-IdNr. DE111222333',
      'Fräserei Łódź Sp. z o.o.',
      'ul. Piotrkowska 5',
      '90-001 Łódź',
      '01.05.2026 – 01.06.2026',
      'Tarif Essential',
      '39,20 €',
      '7,45 €',
      '46,65 €',
      'Dateiaufbewahrung 365 Tage',
      '19,00 €',
      '3,61 €',
      '22,61 €',
      'Nettobetrag',
      '58,20 €',
      'Umsatzsteuer 19 %',
      '11,06 €',
      'Gesamtbetrag (brutto)',
      '69,26 €',
      'Per Karte bezahlt',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('follows the language the admin chose, and stays the invoice as issued when the company changes later', async () => {
    const polish = await millReadingIn('pl');
    await issueInvoice(polish.mill.id);
    const invoice = await invoiceOf(polish.jwt, polish.mill.id);
    await t.db.update(companies).set({ name: 'Renamed Mill' }).where(eq(companies.id, polish.companyId));
    const { text } = await pdfOf(polish.jwt, invoice.id);
    for (const expected of [
      `Faktura ${invoice.number}`,
      'SPRZEDAWCA',
      'NABYWCA',
      'Plan Essential',
      'Razem brutto',
      '69,26 €',
      'Zapłacono kartą',
      'Strona 1 z 1',
      'Fräserei Łódź Sp. z o.o.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Renamed Mill');
  });

  it("refuses the mill's plain users (403) and other mills (404)", async () => {
    const owner = await millReadingIn('en');
    await issueInvoice(owner.mill.id);
    const invoice = await invoiceOf(owner.jwt, owner.mill.id);
    const plain = await addMillUser(t.db, owner.mill.id, owner.companyId, 'user');
    expect((await pdfOf(await signIn(t, plain.email), invoice.id)).response.statusCode).toBe(403);
    const stranger = await millReadingIn('en');
    expect((await pdfOf(stranger.jwt, invoice.id)).response.statusCode).toBe(404);
    expect((await pdfOf(owner.jwt, 2_000_000_000)).response.statusCode).toBe(404);
  });
});
