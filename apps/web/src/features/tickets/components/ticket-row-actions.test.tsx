import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listCustomers } from '@casebridge/shared/contracts/dealer-customers';
import { listDealers } from '@casebridge/shared/contracts/dealers';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { ErrorCode } from '@casebridge/shared/errors';
import type { DealerCustomer, DealerSummary } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { emptyAddress, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { TicketsPage } from '../pages/tickets-page.tsx';
import { dealerSession, deskReads, deskTicket } from '../test/ticket-fixtures.ts';
import type { TicketCustomerFormProps } from './customer-picker-dialog.tsx';

/** The desk's per-row dialogs (spec manager-dealer §2, §4, §5): customer picker, dealer picker, external id, licence link. */

const KEY = deskTicket(1).key;
const address = emptyAddress;

/** The desk's row of these tests: ticket 1 of dealer 5, with a customer and an external id. */
function ticket(overrides: Partial<DealerTicket> = {}): DealerTicket {
  return deskTicket(1, {
    customer: { id: 31, customerId: 'C-31', name: 'Navy Dental, Hopper' },
    externalCustomerId: 'EXT-1',
    description: 'old note',
    ...overrides,
  });
}

function customer(id: number, company: string, dealer = { id: 5, dealerId: 'D-5', dealerName: 'Dealer 5' }): DealerCustomer {
  return {
    dealerCustomerId: id,
    dealerInfo: dealer,
    customerInfo: {
      id,
      customerId: `C-${id}`,
      title: '',
      salutation: '',
      firstName: 'Grace',
      lastName: 'Hopper',
      position: '',
      company,
      contactInformation: address,
      permissions: { showInfoToOutOfMaintenanceUsers: false },
    },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const CUSTOMERS = [customer(31, 'Navy Dental'), customer(32, 'Harbour Clinic', { id: 7, dealerId: 'D-7', dealerName: 'Branch 7' })];

function dealerSummary(id: number, name: string, parent: number | null): DealerSummary {
  return {
    id,
    dealerId: `D-${id}`,
    name,
    email: '',
    userId: null,
    parentDealerId: parent,
    isRoot: parent === null,
    parentDealerCode: parent === null ? null : `D-${parent}`,
  };
}
const DEALERS = [dealerSummary(5, 'Dealer 5', null), dealerSummary(7, 'Branch 7', 5)];

type Failure = { status: 403 | 404; code: ErrorCode };
const refusal = ({ status, code }: Failure) => ({ status, body: { statusCode: status, error: 'x', code, message: 'server words' } });

const REGISTRATION = {
  salutation: 'Ms',
  firstname: 'Grace',
  lastname: 'Hopper',
  position: '',
  company: 'Navy Dental',
  zipcode: '',
  city: 'Arlington',
  region: '',
  country: 'US',
  phone: '',
  email: 'grace@navy.test',
  address_1: '',
  address_2: '',
  address_3: '',
  productid: 'CAM-PRO',
};

/** The desk's own reads: its dealer filter and the one row. */
const desk = (row: DealerTicket) => deskReads([row], { dealers: { data: [] } });

/** Answers as the server does; `fail` makes one of the row's writes answer with a refusal. */
function serve(row: DealerTicket, fail: Partial<Record<'customer' | 'dealer' | 'external', Failure>> = {}) {
  return fakeApi([
    ...desk(row),
    fake(listCustomers, () => ({ body: { count: 45, data: CUSTOMERS } })),
    fake(listDealers, () => ({ body: { count: DEALERS.length, data: DEALERS } })),
    fake(contracts.assignTicketCustomer, () =>
      fail.customer ? refusal(fail.customer) : { body: { ...row, customer: { id: 32, customerId: 'C-32', name: 'Harbour Clinic' } } },
    ),
    fake(contracts.moveTicket, () =>
      fail.dealer
        ? refusal(fail.dealer)
        : { body: { ...row, dealer: { id: 7, dealerCode: 'D-7', name: 'Branch 7', parentId: 5 }, customer: null } },
    ),
    fake(contracts.setTicketExternal, ({ body }) => (fail.external ? refusal(fail.external) : { body: { ...row, ...body } })),
    fake(contracts.ticketRegistration, () => ({ body: REGISTRATION })),
    fake(contracts.activeProduct, () => ({ body: { ticketId: row.key, productName: 'Mill CAM Pro', data: [] } })),
  ]);
}

/**
 * Opens the row's action menu (issue 24: one button per row) and answers its item `name`. The
 * items count as hidden here: jsdom lays nothing out, so the menu takes its button, inside the
 * table's scrolling box, for one scrolled out of sight (the browser journey sees them shown).
 */
async function rowAction(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ticket ${KEY}` }));
  return screen.findByRole('menuitem', { name, hidden: true });
}

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
const gets = (calls: FetchCall[], path: string) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith(`/api${path}?`))
    .map((call) => new URL(call.url, 'http://x').searchParams);
const listLoads = (calls: FetchCall[]) => gets(calls, '/dealer-tickets').length;

/** Answers a picker's list as the server pages it: `_start` and `_limit` cut `all`, the count is all of it. */
function pagedList<T>(all: T[], { _start, _limit }: { _start: number; _limit: number }) {
  return { body: { count: all.length, data: all.slice(_start, _start + _limit) } };
}

/** The desk with one ticket whose pickers list `customers` and `dealers`, page by page. */
function servePaged(customers: DealerCustomer[], dealers: DealerSummary[]) {
  return fakeApi([
    ...desk(ticket()),
    fake(listCustomers, ({ query }) => pagedList(customers, query)),
    fake(listDealers, ({ query }) => pagedList(dealers, query)),
  ]);
}

/** A stand-in for the customers feature's form, which the app layer hands to the desk. */
function FakeCustomerForm({ customer: shown, ticketDealer, onSaved }: TicketCustomerFormProps) {
  return (
    <div>
      <p>{shown ? `Form for ${shown.customerInfo.customerId}` : `New customer form for dealer ${ticketDealer?.dealerCode}`}</p>
      <button type="button" onClick={() => onSaved(shown ?? customer(40, 'Fresh Dental'))}>
        Fake save
      </button>
    </div>
  );
}

describe('ticket desk row actions', () => {
  it('links the ticket info to the licence content in a new window, for dealers and for the manager', async () => {
    serve(ticket());
    const { unmount } = renderWithProviders(<TicketsPage />, dealerSession());
    const link = await screen.findByRole('link', { name: `Licence content of ticket ${KEY} (opens in a new window)` });
    expect(link.getAttribute('href')).toBe(`/dealer/license/info?licenseKey=${KEY}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    unmount();
    renderWithProviders(<TicketsPage />, sessionFixture('manager'));
    const managerLink = await screen.findByRole('link', { name: `Licence content of ticket ${KEY} (opens in a new window)` });
    expect(managerLink.getAttribute('href')).toBe(`/manager/license/info?licenseKey=${KEY}`);
  });

  it("opens a ticket's registration data (only when it has a customer) and its active product details", async () => {
    serve(ticket());
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<TicketsPage />, dealerSession());
    await user.click(await rowAction(user, 'Registration data'));
    const registration = await screen.findByRole('dialog', { name: 'Registration data' });
    expect(await within(registration).findByText('grace@navy.test')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await rowAction(user, 'Active product details'));
    const product = await screen.findByRole('dialog', { name: 'Active product details' });
    expect(await within(product).findByText('No active product detail')).toBeTruthy();
    unmount();

    serve(ticket({ customer: null }));
    renderWithProviders(<TicketsPage />, dealerSession());
    await rowAction(userEvent.setup(), 'Active product details');
    expect(screen.queryByRole('menuitem', { name: 'Registration data', hidden: true })).toBeNull();
  });

  describe('customer picker', () => {
    it("lists the ticket dealer's customers with a search, and a root dealer selects one", async () => {
      const calls = serve(ticket());
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage customerForm={FakeCustomerForm} />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      const dialog = await screen.findByRole('dialog', { name: `Customer of ticket ${KEY}` });
      const search = within(dialog).getByRole('textbox', { name: 'Search customers' });
      // Opens on its first field.
      await waitFor(() => expect(document.activeElement).toBe(search));
      expect(within(dialog).getByText('Current customer: Navy Dental, Hopper (C-31)')).toBeTruthy();
      await within(dialog).findByText('Harbour Clinic, Grace Hopper');
      expect(gets(calls, '/dealer-customers').at(-1)!.get('dealerId')).toBe('5');
      expect(gets(calls, '/dealer-customers').at(-1)!.get('showSubDealerCustomers')).toBe('true');
      expect(within(dialog).getByText('1–2 of 45')).toBeTruthy();
      // The current customer cannot be chosen again.
      expect((within(dialog).getByRole('button', { name: 'Select Navy Dental, Grace Hopper' }) as HTMLButtonElement).disabled).toBe(true);

      await user.type(search, 'harb');
      await waitFor(() => expect(gets(calls, '/dealer-customers').at(-1)!.get('_q')).toBe('harb'));

      const loadsBefore = listLoads(calls);
      await user.click(within(dialog).getByRole('button', { name: 'Select Harbour Clinic, Grace Hopper' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { dealerCustomerId: 32 } });
      expect(writes(calls)[0]!.url.startsWith('/api/dealer-tickets/1/customer?')).toBe(true);
      expect(await screen.findByText(`Harbour Clinic, Grace Hopper assigned to ticket ${KEY}`)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The desk asks for its rows again, so the row shows the new customer.
      await waitFor(() => expect(listLoads(calls)).toBeGreaterThan(loadsBefore));
    });

    it('shows how many customers there are, loads 20 more on demand, and a new search starts again at the first', async () => {
      const many = Array.from({ length: 45 }, (_, i) => customer(100 + i, `Clinic ${i + 1}`));
      const calls = servePaged(many, DEALERS);
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      const dialog = await screen.findByRole('dialog', { name: `Customer of ticket ${KEY}` });
      const list = await within(dialog).findByRole('list', { name: 'Customers' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(20);
      expect(within(dialog).getByText('1–20 of 45')).toBeTruthy();
      expect(gets(calls, '/dealer-customers').at(-1)!.get('_start')).toBe('0');
      expect(gets(calls, '/dealer-customers').at(-1)!.get('_limit')).toBe('20');

      await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
      await within(dialog).findByText('1–40 of 45');
      expect(gets(calls, '/dealer-customers').at(-1)!.get('_start')).toBe('20');
      expect(within(list).getAllByRole('listitem')).toHaveLength(40);
      await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
      await within(dialog).findByText('1–45 of 45');
      expect(within(dialog).getByText('Clinic 45, Grace Hopper')).toBeTruthy();
      // All shown: nothing more to ask for.
      expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();

      await user.type(within(dialog).getByRole('textbox', { name: 'Search customers' }), 'clinic');
      await waitFor(() => expect(gets(calls, '/dealer-customers').at(-1)!.get('_q')).toBe('clinic'));
      expect(gets(calls, '/dealer-customers').at(-1)!.get('_start')).toBe('0');
      await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(20));
    });

    it("adds a new customer for the manager under the ticket's dealer", async () => {
      serve(ticket({ dealer: { id: 7, dealerCode: 'D-7', name: 'Branch 7', parentId: 5 } }));
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage customerForm={FakeCustomerForm} />, sessionFixture('manager'));
      await user.click(await rowAction(user, 'Assign a customer'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add new customer' }));
      // The manager has no dealer of its own: the form gets the ticket's.
      expect(
        within(await screen.findByRole('dialog', { name: 'New customer' })).getByText('New customer form for dealer D-7'),
      ).toBeTruthy();
    });

    it('removes the customer of a ticket', async () => {
      const calls = serve(ticket());
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove customer' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]!.body).toEqual({ dealerCustomerId: null });
    });

    it('edits a customer and adds a new one in the form modes, with Back to the list', async () => {
      serve(ticket());
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage customerForm={FakeCustomerForm} />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      let dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('button', { name: 'Edit Harbour Clinic, Grace Hopper' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
      expect(within(dialog).getByText('Form for C-32')).toBeTruthy();
      const back = within(dialog).getByRole('button', { name: 'Back to the list' });
      await waitFor(() => expect(document.activeElement).toBe(back));
      await user.click(back);
      dialog = await screen.findByRole('dialog', { name: `Customer of ticket ${KEY}` });
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Search customers' })));

      await user.click(within(dialog).getByRole('button', { name: 'Add new customer' }));
      dialog = await screen.findByRole('dialog', { name: 'New customer' });
      expect(within(dialog).getByText('New customer form for dealer D-5')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Fake save' }));
      // Saved: back on the list, searched for the new customer's id.
      dialog = await screen.findByRole('dialog', { name: `Customer of ticket ${KEY}` });
      expect((within(dialog).getByRole('textbox', { name: 'Search customers' }) as HTMLInputElement).value).toBe('C-40');
    });

    it('is read-only for a sub-dealer: view only, nothing to select, add or remove', async () => {
      const calls = serve(ticket({ dealer: { id: 7, dealerCode: 'D-7', name: 'Branch 7', parentId: 5 } }));
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage customerForm={FakeCustomerForm} />, dealerSession(5));
      await user.click(await rowAction(user, 'Show customers'));
      const dialog = await screen.findByRole('dialog', { name: `Customer of ticket ${KEY}` });
      expect(
        within(dialog).getByText('Only a top-level dealer assigns customers to tickets. You can view the customers here.'),
      ).toBeTruthy();
      await within(dialog).findByText('Harbour Clinic, Grace Hopper');
      expect(gets(calls, '/dealer-customers').at(-1)!.get('dealerId')).toBe('7');
      expect(within(dialog).queryByRole('button', { name: /^Select / })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: /^Edit / })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Add new customer' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Remove customer' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'View Navy Dental, Grace Hopper' }));
      const view = await screen.findByRole('dialog', { name: 'Customer details' });
      expect(within(view).getByText('Form for C-31')).toBeTruthy();
      // Escape closes the dialog from any mode.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(writes(calls)).toHaveLength(0);
    });

    it("shows the server's refusal in a toast and keeps the dialog open", async () => {
      const calls = serve(ticket(), { customer: { status: 403, code: 'SUB_DEALER_READ_ONLY' } });
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      const dialog = await screen.findByRole('dialog');
      await user.click(await within(dialog).findByRole('button', { name: 'Select Harbour Clinic, Grace Hopper' }));
      expect(await screen.findByText('Error assigning customer')).toBeTruthy();
      expect(screen.getByText('A sub-dealer sees customers read-only.')).toBeTruthy();
      expect(screen.getByRole('dialog', { name: `Customer of ticket ${KEY}` })).toBeTruthy();
      expect(writes(calls)).toHaveLength(1);
    });

    it('shows a failed customer list in the dialog', async () => {
      fakeApi([...desk(ticket()), fake(listCustomers, () => refusal({ status: 404, code: 'NOT_FOUND' }))]);
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Assign a customer'));
      expect(await within(await screen.findByRole('dialog')).findByText('The customers could not be loaded')).toBeTruthy();
    });
  });

  describe('dealer picker', () => {
    it('moves a ticket only after a confirmation that says its customer is reset', async () => {
      const calls = serve(ticket());
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Move to another dealer'));
      let dialog = await screen.findByRole('dialog', { name: `Move ticket ${KEY}` });
      expect(within(dialog).getByText('Current dealer: D-5 – Dealer 5')).toBeTruthy();
      // The ticket's own dealer is marked, not offered.
      await within(dialog).findByText('Branch 7');
      expect(within(dialog).queryByRole('button', { name: 'Choose Dealer 5' })).toBeNull();
      await user.type(within(dialog).getByRole('textbox', { name: 'Search dealers' }), 'bra');
      await waitFor(() => expect(gets(calls, '/dealers').at(-1)!.get('_q')).toBe('bra'));

      await user.click(within(dialog).getByRole('button', { name: 'Choose Branch 7' }));
      dialog = await screen.findByRole('dialog', { name: 'Confirm the move' });
      expect(within(dialog).getByText(`Move ticket ${KEY} to D-7 – Branch 7?`)).toBeTruthy();
      expect(
        within(dialog).getByText('Its customer Navy Dental, Hopper will be reset: the ticket has no customer after the move.'),
      ).toBeTruthy();
      // The question opens on Back, so a hasty Enter moves nothing.
      await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Back' })));
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));
      expect(writes(calls)).toHaveLength(0);

      dialog = await screen.findByRole('dialog', { name: `Move ticket ${KEY}` });
      await user.click(await within(dialog).findByRole('button', { name: 'Choose Branch 7' }));
      const loadsBefore = listLoads(calls);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Confirm the move' })).getByRole('button', { name: 'Move ticket' }),
      );
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { dealerId: 7 } });
      expect(writes(calls)[0]!.url.startsWith('/api/dealer-tickets/1/dealer?')).toBe(true);
      expect(await screen.findByText(`Ticket ${KEY} moved to Branch 7; its customer was reset`)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(listLoads(calls)).toBeGreaterThan(loadsBefore));
    });

    it('shows how many dealers there are, loads more on demand, and a new search starts again at the first', async () => {
      const many = Array.from({ length: 25 }, (_, i) => dealerSummary(100 + i, `Branch ${i + 1}`, 5));
      const calls = servePaged(CUSTOMERS, many);
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Move to another dealer'));
      const dialog = await screen.findByRole('dialog', { name: `Move ticket ${KEY}` });
      await within(dialog).findByText('1–20 of 25');
      expect(within(dialog).queryByText('Branch 21')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
      expect(await within(dialog).findByRole('button', { name: 'Choose Branch 25' })).toBeTruthy();
      expect(within(dialog).getByText('1–25 of 25')).toBeTruthy();
      expect(gets(calls, '/dealers').at(-1)!.get('_start')).toBe('20');
      expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();

      await user.type(within(dialog).getByRole('textbox', { name: 'Search dealers' }), 'bra');
      await waitFor(() => expect(gets(calls, '/dealers').at(-1)!.get('_q')).toBe('bra'));
      expect(gets(calls, '/dealers').at(-1)!.get('_start')).toBe('0');
    });

    it('says so when the ticket has no customer to reset, and shows a refused move in a toast', async () => {
      serve(ticket({ customer: null }), { dealer: { status: 404, code: 'NOT_FOUND' } });
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'Move to another dealer'));
      await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Choose Branch 7' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm the move' });
      expect(within(dialog).getByText('The ticket has no customer now and gets none with the move.')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Move ticket' }));
      expect(await screen.findByText('Error assigning dealer')).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Confirm the move' })).toBeTruthy();
    });
  });

  describe('external customer id', () => {
    it('is offered to a root dealer and the manager, never to a sub-dealer', async () => {
      serve(ticket());
      const user = userEvent.setup();
      const first = renderWithProviders(<TicketsPage />, dealerSession());
      expect(await rowAction(user, 'External customer id')).toBeTruthy();
      first.unmount();
      const second = renderWithProviders(<TicketsPage />, sessionFixture('manager'));
      expect(await rowAction(user, 'External customer id')).toBeTruthy();
      second.unmount();
      renderWithProviders(<TicketsPage />, dealerSession(5));
      await rowAction(user, 'Move to another dealer');
      expect(screen.queryByRole('menuitem', { name: 'External customer id', hidden: true })).toBeNull();
    });

    it('opens on the id field with the stored values, and saves both', async () => {
      const calls = serve(ticket());
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'External customer id'));
      const dialog = await screen.findByRole('dialog', { name: `External customer of ticket ${KEY}` });
      const id = within(dialog).getByRole('textbox', { name: 'External customer id' }) as HTMLInputElement;
      await waitFor(() => expect(document.activeElement).toBe(id));
      expect(id.value).toBe('EXT-1');
      await user.clear(id);
      await user.type(id, 'FM-900');
      const description = within(dialog).getByRole('textbox', { name: 'Description' });
      await user.clear(description);
      await user.type(description, 'Lab in Kiel');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(writes(calls)).toHaveLength(1));
      expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { externalCustomerId: 'FM-900', description: 'Lab in Kiel' } });
      expect(writes(calls)[0]!.url.startsWith('/api/dealer-tickets/1/external?')).toBe(true);
      expect(await screen.findByText(`External customer of ticket ${KEY} saved`)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('shows the refusal for a dealer that is not top-level in the dialog, and closes on Escape without saving', async () => {
      const calls = serve(ticket(), { external: { status: 403, code: 'EXTERNAL_ID_ROOT_ONLY' } });
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      await user.click(await rowAction(user, 'External customer id'));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const refusal = await within(dialog).findByRole('alert');
      expect(within(refusal).getByText('Failed to update the ticket')).toBeTruthy();
      // Its own words, not the customers' read-only sentence nor the server's English.
      expect(within(refusal).getByText('Only a top-level dealer sets the external customer id and description of a ticket.')).toBeTruthy();
      expect((within(dialog).getByRole('textbox', { name: 'External customer id' }) as HTMLInputElement).value).toBe('EXT-1');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(writes(calls)).toHaveLength(1);
    });
  });
});
