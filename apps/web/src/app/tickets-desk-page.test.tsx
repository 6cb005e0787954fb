import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as customers from '@casebridge/shared/contracts/dealer-customers';
import { listDealers } from '@casebridge/shared/contracts/dealers';
import { deskReads, deskTicket } from '../features/tickets/test/ticket-fixtures.ts';
import { fake, fakeApi } from '../test/fake-api.ts';
import { sessionFixture } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { TicketsDeskPage } from './tickets-desk-page.tsx';

/** The desk composed with the customers feature's form: what the picker's "add new" really sends. */
const row = deskTicket(1, { dealer: { id: 7, dealerCode: 'D-7', name: 'Branch 7', parentId: 5 } });

function serve() {
  return fakeApi([
    ...deskReads([row], { dealers: { data: [] } }),
    fake(customers.listCustomers, () => ({ body: { count: 0, data: [] } })),
    fake(listDealers, () => ({ body: { count: 0, data: [] } })),
    fake(customers.customerIdUnique, () => ({ body: { customerExists: false } })),
    fake(customers.createCustomer, ({ body }) => ({
      body: {
        dealerCustomerId: 40,
        dealerInfo: { id: body.dealerId!, dealerId: 'D-7', dealerName: 'Branch 7' },
        customerInfo: { ...body.customerInfo, id: 40 },
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    })),
  ]);
}

describe('TicketsDeskPage', () => {
  it("creates the manager's new customer from the picker under the ticket's dealer, which the manager cannot change", async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithProviders(<TicketsDeskPage />, sessionFixture('manager'));
    // The row's actions sit in one menu (issue 24); jsdom lays nothing out, so its items count as hidden.
    await user.click(await screen.findByRole('button', { name: `Actions for ticket ${row.key}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign a customer', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add new customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    const dealer = within(dialog).getByLabelText(/^Dealer/) as HTMLInputElement;
    expect(dealer.value).toBe('D-7 · Branch 7');
    expect(dealer.disabled).toBe(true);

    await user.type(within(dialog).getByRole('textbox', { name: 'Customer Id' }), 'C-77');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Hopper');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Harbour Clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const created = calls.find((call) => call.method === 'POST')!;
    expect(created.url.startsWith('/api/dealer-customers?')).toBe(true);
    expect(created.body).toMatchObject({ dealerId: 7, customerInfo: { customerId: 'C-77', company: 'Harbour Clinic' } });
    // Saved: back on the picker's list, searched for the new customer.
    expect(((await screen.findByRole('textbox', { name: 'Search customers' })) as HTMLInputElement).value).toBe('C-77');
  });
});
