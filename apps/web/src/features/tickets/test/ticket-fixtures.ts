import type { SuccessOf } from '@casebridge/shared/contracts/core';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { Session } from '@casebridge/shared/schemas/auth';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { fake, type FakeRoute } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';

/** Test support for the ticket desk's tests: one desk row, the dealers of its filter, a dealer's session, the desk's reads. */

/** A desk row of dealer 5 with no customer; `id` also makes its key unique. */
export function deskTicket(id: number, overrides: Partial<DealerTicket> = {}): DealerTicket {
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
    ...overrides,
  };
}

/** GET /dealer-tickets/dealers: the root dealer 5 and its sub-dealer 7. */
export const TICKET_DEALERS: SuccessOf<typeof contracts.listTicketDealers> = {
  data: [
    { id: 5, dealerCode: 'D-5', name: 'Dealer 5' },
    { id: 7, dealerCode: 'D-7', name: 'Branch 7' },
  ],
};

/**
 * Signed in as a user of the root dealer 5, or of its sub-dealer 7 when a parent is given, with the
 * actions the server lists for each (a sub-dealer assigns no customers and sets no external id).
 */
export function dealerSession(parentId: number | null = null): Session {
  const actions = parentId === null ? ['tickets.assign', 'tickets.setExternal', 'customers.create', 'customers.update'] : [];
  const session = sessionFixture('dealer', { actions });
  session.dealer =
    parentId === null
      ? { id: 5, name: 'Dealer 5', parentId: null, dealerRole: 'dealer' }
      : { id: 7, name: 'Branch 7', parentId, dealerRole: 'dealer' };
  return session;
}

/** The desk's own reads on the contract fake: its dealer filter, and `rows` on every page of `count` tickets. */
export function deskReads(rows: DealerTicket[], { count = rows.length, dealers = TICKET_DEALERS } = {}): FakeRoute[] {
  return [
    fake(contracts.listTicketDealers, () => ({ body: dealers })),
    fake(contracts.listTickets, () => ({ body: { count, data: rows } })),
  ];
}
