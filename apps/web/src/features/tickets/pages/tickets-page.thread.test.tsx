import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { TicketsPage } from './tickets-page.tsx';

/** Issue 14: a ticket used to sign up a mill names that mill under its key on the desk. */
function ticket(id: number, signedUpMill: DealerTicket['signedUpMill']): DealerTicket {
  return {
    id,
    key: `AAAAA-BBBBB-CCCCC-DDDDD-${String(id).padStart(5, '0')}`,
    status: 'active',
    expiryInDays: 200,
    licenceExpiry: '2027-06-10',
    maintenanceExpiry: null,
    productText: 'Mill CAM Pro',
    dealer: { id: 5, dealerCode: 'D-5', name: 'Dealer 5', parentId: null },
    customer: null,
    externalCustomerId: '',
    description: '',
    archived: false,
    hasContent: true,
    signedUpMill,
  };
}

describe('TicketsPage, signed-up mill', () => {
  it('shows the mill under the key of a used ticket only', async () => {
    const rows = [ticket(1, { id: 42, name: 'Alpine Mill' }), ticket(2, null), ticket(3, undefined)];
    mockFetch((call) => {
      if (call.path === '/dealer-tickets/dealers') return { body: { data: [{ id: 5, dealerCode: 'D-5', name: 'Dealer 5' }] } };
      return { body: { count: rows.length, data: rows } };
    });
    const session = sessionFixture('dealer');
    session.dealer = { id: 5, name: 'Dealer 5', parentId: null, dealerRole: 'dealer', ownConfigurationsAllowed: false };
    renderWithProviders(<TicketsPage />, session);

    const used = (await screen.findByText(rows[0]!.key)).closest('tr')!;
    expect(within(used).getByText('Signed up mill: Alpine Mill')).toBeTruthy();
    for (const unused of [rows[1]!, rows[2]!]) {
      const row = screen.getByText(unused.key).closest('tr')!;
      expect(within(row).queryByText(/Signed up mill/)).toBeNull();
    }
    expect(screen.getAllByText(/Signed up mill/)).toHaveLength(1);
  });
});
