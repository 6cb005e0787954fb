import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUpcomingInvoice } from '@casebridge/shared/contracts/subscriptions';
import type { UpcomingInvoice } from '@casebridge/shared/schemas/billing';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UpcomingInvoiceDialog } from './upcoming-invoice-dialog.tsx';

/** Demo Mill's next invoice: essential at its regular 49 € with 19 % German VAT. */
const GERMAN: NonNullable<UpcomingInvoice> = {
  lines: [
    { description: 'Essential plan', amountCents: 4900, periodStart: '2026-12-03T00:00:00.000Z', periodEnd: '2027-01-03T00:00:00.000Z' },
  ],
  netCents: 4900,
  vatPercent: 19,
  vatCents: 931,
  taxTreatment: 'domestic',
  totalCents: 5831,
  amountDueCents: 5831,
  nextPaymentAttempt: '2026-12-03T00:00:00.000Z',
};

function show(upcomingInvoice: UpcomingInvoice) {
  fakeApi([
    fake(getUpcomingInvoice, ({ query }) => {
      expect(query.millId).toBe(7);
      return { body: { upcomingInvoice } };
    }),
  ]);
  renderWithProviders(<UpcomingInvoiceDialog millId={7} onClose={() => {}} />, sessionFixture('mill'));
}

/** The amount on the row that a heading names. */
async function amountOf(label: string): Promise<string> {
  const row = (await screen.findByRole('rowheader', { name: label })).closest('tr')!;
  return within(row).getAllByRole('cell').at(-1)!.textContent!;
}

describe('UpcomingInvoiceDialog', () => {
  it('shows the lines, then net, VAT with its rate and the total, which add up', async () => {
    show(GERMAN);
    expect(await screen.findByText('Essential plan')).toBeTruthy();
    expect(await amountOf('Net amount')).toBe('€49.00');
    expect(await amountOf('VAT 19 %')).toBe('€9.31');
    expect(await amountOf('Total')).toBe('€58.31');
    expect(screen.getByText('Amount due: €58.31')).toBeTruthy();
  });

  it('says why there is no VAT: reverse charge for an EU business, none outside the EU', async () => {
    show({ ...GERMAN, vatPercent: 0, vatCents: 0, taxTreatment: 'reverseCharge', totalCents: 4900, amountDueCents: 4900 });
    expect(await amountOf('VAT: reverse charge (owed by you as the recipient)')).toBe('€0.00');
    expect(await amountOf('Total')).toBe('€49.00');
  });

  it('names a customer outside the EU as the reason for no VAT', async () => {
    show({ ...GERMAN, vatPercent: 0, vatCents: 0, taxTreatment: 'outsideEu', totalCents: 4900, amountDueCents: 4900 });
    expect(await amountOf('No VAT: customer outside the EU')).toBe('€0.00');
  });
});
