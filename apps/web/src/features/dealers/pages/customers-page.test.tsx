import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as customerContracts from '@casebridge/shared/contracts/dealer-customers';
import * as contracts from '@casebridge/shared/contracts/dealers';
import type { Dealer, DealerCustomer } from '@casebridge/shared/schemas/dealers';
import { fake, fakeApi, type FakeAnswer } from '../../../test/fake-api.ts';
import { dealerFixture, emptyAddress, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { CustomerForm } from '../components/customer-form.tsx';
import type { DealerFormContext } from '../components/dealer-form-rules.ts';
import { CustomersPage } from './customers-page.tsx';

const address = emptyAddress;

/** Dealer `id` below `parent` (none: a root), allowed sub-dealers but no own configurations. */
const dealer = (id: number, parent: number | null): Dealer =>
  dealerFixture(
    { id, dealerId: `D-${id}`, name: `Dealer ${id}`, parentDealerId: parent, email: '', isRoot: parent === null },
    { subDealerAllowed: true, ownConfigurationsAllowed: false, strictModeConfiguration: false },
  );

const CUSTOMER: DealerCustomer = {
  dealerCustomerId: 11,
  dealerInfo: { id: 5, dealerId: 'D-5', dealerName: 'Dealer 5' },
  customerInfo: {
    id: 101,
    customerId: 'C-1',
    title: '',
    salutation: '',
    firstName: 'Grace',
    lastName: 'Hopper',
    position: '',
    company: 'Navy Dental',
    contactInformation: address,
    permissions: { showInfoToOutOfMaintenanceUsers: false },
  },
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** The customer form's server: the uniqueness check answers `uniqueness`, a new customer is saved. */
function customerApi(uniqueness: FakeAnswer<typeof customerContracts.customerIdUnique>) {
  return fakeApi([
    fake(customerContracts.customerIdUnique, () => uniqueness),
    fake(customerContracts.createCustomer, () => ({ body: CUSTOMER })),
  ]);
}

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');
// With the actions the server lists for each: a sub-dealer sees customers read-only.
const rootUser: DealerFormContext = {
  isManager: false,
  ownDealer: dealer(5, null),
  userId: 9,
  actions: ['customers.create', 'customers.update'],
};
const subUser: DealerFormContext = { isManager: false, ownDealer: dealer(6, 5), userId: 10, actions: [] };
const manager: DealerFormContext = {
  isManager: true,
  ownDealer: null,
  userId: 1,
  actions: ['customers.create', 'customers.update', 'customers.move'],
};

async function fillRequired(user: ReturnType<typeof userEvent.setup>, customerId: string) {
  await user.type(screen.getByRole('textbox', { name: /^Customer Id/ }), customerId);
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Byron');
  await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Byron Dental');
}

describe('CustomerForm', () => {
  it('refuses a customer id that is taken with "Customer Id must be unique"', async () => {
    const calls = customerApi({ body: { customerExists: true } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerForm customer={null} context={rootUser} onSaved={() => {}} />);
    await fillRequired(user, 'C-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer Id must be unique')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/dealer-customers/is-unique/C-1?'))).toBe(true);
    expect(writes(calls)).toHaveLength(0);
  });

  it('counts a failed uniqueness check as not unique', async () => {
    const calls = customerApi({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Too many requests' },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerForm customer={null} context={rootUser} onSaved={() => {}} />);
    await fillRequired(user, 'C-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer Id must be unique')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('saves a unique new customer of a dealer user without naming the dealer (only the manager picks it)', async () => {
    const calls = customerApi({ body: { customerExists: false } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerForm customer={null} context={rootUser} onSaved={() => {}} />);
    expect((screen.getByRole('textbox', { name: 'Dealer' }) as HTMLInputElement).disabled).toBe(true);
    await fillRequired(user, 'C-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).not.toHaveProperty('dealerId');
    expect(writes(calls)[0]!.body).toMatchObject({ customerInfo: { customerId: 'C-9', company: 'Byron Dental' } });
  });

  it("names the ticket's sub-dealer for a root dealer's new customer from the ticket desk, so it can be assigned to that ticket", async () => {
    const calls = customerApi({ body: { customerExists: false } });
    const user = userEvent.setup();
    renderWithProviders(
      <CustomerForm
        customer={null}
        context={rootUser}
        newCustomerDealer={{ id: 6, dealerCode: 'D-6', name: 'Dealer 6' }}
        onSaved={() => {}}
      />,
    );
    const dealerField = screen.getByRole('textbox', { name: 'Dealer' }) as HTMLInputElement;
    expect(dealerField.value).toBe('D-6 · Dealer 6');
    expect(dealerField.disabled).toBe(true);
    await fillRequired(user, 'C-10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ dealerId: 6, customerInfo: { customerId: 'C-10' } });
  });

  it('requires the manager to pick a reseller', async () => {
    const calls = fakeApi([fake(contracts.listDealers, () => ({ body: { count: 0, data: [] } }))]);
    const user = userEvent.setup();
    renderWithProviders(<CustomerForm customer={null} context={manager} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select a reseller')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('is read-only for a sub-dealer, and for a root dealer on a sub-dealer’s customer', () => {
    // Read-only: the form asks the server nothing.
    fakeApi([]);
    const { unmount } = renderWithProviders(<CustomerForm customer={CUSTOMER} context={subUser} onSaved={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('You can view this customer but not change it.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Company/ }).closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    unmount();
    const ofSubDealer = { ...CUSTOMER, dealerInfo: { id: 6, dealerId: 'D-6', dealerName: 'Dealer 6' } };
    renderWithProviders(<CustomerForm customer={ofSubDealer} context={rootUser} onSaved={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

function rootDealerSession() {
  const session = sessionFixture('dealer');
  session.dealer = { id: 5, name: 'Dealer 5', parentId: null, dealerRole: 'dealer' };
  return session;
}

/** The customers page's server for root dealer 5: its dealer, and `count` customers of which one is listed. */
function pageApi(count: number) {
  return fakeApi([
    fake(contracts.getDealer, ({ params }) =>
      params.id === 5
        ? { body: dealer(5, null) }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } },
    ),
    fake(customerContracts.listCustomers, () => ({ body: { count, data: [CUSTOMER] } })),
  ]);
}

const customerListCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/dealer-customers?')).map((call) => new URL(call.url, 'http://x').searchParams);

describe('CustomersPage', () => {
  it('opens with the search, switch, sort and page of its URL (a reload or a shared link), and asks for them', async () => {
    const calls = pageApi(30);
    const path = '/customer/information?q=hop&page=2&sort=company:asc&subDealers=false';
    renderRoutes([{ path: '*', element: <CustomersPage /> }], { path, session: rootDealerSession() });
    expect(await screen.findByText('C-1')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search customers' }) as HTMLInputElement).value).toBe('hop');
    expect((screen.getByRole('switch', { name: "Include sub-dealers' customers" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Page 2' }).hasAttribute('data-active')).toBe(true);
    const asked = customerListCalls(calls);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!)).toMatchObject({
      _q: 'hop',
      _start: '10',
      _sort: 'company:asc',
      showSubDealerCustomers: 'false',
    });
  });

  it('writes a new page to the URL, and the back button returns to the page before', async () => {
    const calls = pageApi(30);
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <CustomersPage /> }], {
      path: '/customer/information?q=hop',
      session: rootDealerSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?q=hop&page=3');
    await waitFor(() => expect(customerListCalls(calls).at(-1)!.get('_start')).toBe('20'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=hop'));
    // Page 1 comes from the cache (60 s, spec §9): the pager shows it again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 1' }).hasAttribute('data-active')).toBe(true));
  });

  it('searches 1000 ms after the last keystroke, not before, and can leave out sub-dealers’ customers', async () => {
    const dealerSession = sessionFixture('dealer');
    dealerSession.dealer = { id: 5, name: 'Dealer 5', parentId: null, dealerRole: 'dealer' };
    const calls = pageApi(1);
    const user = userEvent.setup();
    renderWithProviders(<CustomersPage />, dealerSession);
    expect(await screen.findByText('C-1')).toBeTruthy();
    const listCalls = () => calls.filter((call) => call.url.startsWith('/api/dealer-customers?'));
    const searched = () => listCalls().filter((call) => new URL(call.url, 'http://x').searchParams.get('_q') === 'hop');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'hop');
    const typedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(searched()).toHaveLength(1), { timeout: 2000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900);
    await user.click(screen.getByRole('switch', { name: "Include sub-dealers' customers" }));
    await waitFor(() => expect(listCalls().some((call) => call.url.includes('showSubDealerCustomers=false'))).toBe(true));
  });
});
