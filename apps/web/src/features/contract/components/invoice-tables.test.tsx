import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listInvoices } from '@casebridge/shared/contracts/subscriptions';
import type { Invoice } from '@casebridge/shared/schemas/billing';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BillingTab, InvoicesTab } from './invoice-tables.tsx';

const INVOICE: Invoice = {
  id: 5,
  number: 'CB-2026-0007',
  customerEmail: 'office@alpine.test',
  customerName: 'Alpine Milling GmbH',
  issuedAt: '2026-11-03T10:00:00.000Z',
  periodStart: '2026-11-03T00:00:00.000Z',
  periodEnd: '2026-12-03T00:00:00.000Z',
  lines: [{ description: 'Essential plan', amountCents: 3920 }],
  netCents: 3920,
  vatPercent: 19,
  vatCents: 745,
  totalCents: 4665,
  paid: true,
  pdfUrl: '/api/payments/invoices/5/pdf',
};

/** The invoices of mill 7; another mill's list would be a wrong call. */
const serve = (invoices: Invoice[]) =>
  fakeApi([
    fake(listInvoices, ({ query }) => {
      expect(query.millId).toBe(7);
      return { body: { count: invoices.length, data: invoices } };
    }),
  ]);

describe('invoice tables', () => {
  it('start at 10 rows whatever page size the other lists remember (spec §9)', async () => {
    localStorage.setItem(STORAGE_KEYS.pageSize, '50');
    const calls = serve([INVOICE]);
    renderWithProviders(<InvoicesTab millId={7} />, sessionFixture('mill'));
    await screen.findByText('CB-2026-0007');
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect([query.get('millId'), query.get('_start'), query.get('_limit')]).toEqual(['7', '0', '10']);
  });

  it('shows an invoice with its date, euro amount, paid state and PDF download', async () => {
    serve([INVOICE]);
    renderWithProviders(<InvoicesTab millId={7} />, sessionFixture('mill'));
    const row = (await screen.findByText('CB-2026-0007')).closest('tr')!;
    expect(within(row).getByText('03.11.2026')).toBeTruthy();
    expect(within(row).getByText('€46.65')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download invoice CB-2026-0007 as PDF' })).toBeTruthy();
  });

  it('shows the billing period and the customer of each invoice', async () => {
    serve([INVOICE]);
    renderWithProviders(<BillingTab millId={7} />, sessionFixture('mill'));
    const row = (await screen.findByText('office@alpine.test')).closest('tr')!;
    expect(['Alpine Milling GmbH', '03.11.2026', '03.12.2026', '€46.65'].every((text) => within(row).queryByText(text))).toBe(true);
  });

  it('says "No data found" without invoices', async () => {
    serve([]);
    renderWithProviders(<BillingTab millId={7} />, sessionFixture('mill'));
    expect(await screen.findByText('No data found')).toBeTruthy();
  });
});
