import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/clients';
import type { Client } from '@casebridge/shared/schemas/clients';
import { fake, fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { clientFixture, millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { ClientsPage } from './clients-page.tsx';

/** The list of mill 7 and the other endpoints a test fakes; the fake refuses any other request. */
function stubApi(rows: Client[], ...routes: FakeRoute[]) {
  const list = fake(contracts.listClients, ({ params }) => {
    expect(params.millId).toBe(7);
    return { body: { count: rows.length, data: rows } };
  });
  return fakeApi([list, ...routes]);
}

const added = (user: Client) => fake(contracts.addClient, () => ({ body: { user, confirmed: user.confirmed } }));
const instructionsAnswer = (message: string) => fake(contracts.activationInstructions, () => ({ body: { message } }));

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

function renderPage(landingPageInfoIsUpdated = true) {
  const session = sessionFixture('mill', { mills: [millFixture({ landingPageInfoIsUpdated })] });
  return renderWithProviders(<ClientsPage />, session);
}

async function fillAddClient(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Add client' });
  await user.type(within(dialog).getByLabelText(/^First name/), 'Nina');
  await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
  await user.type(within(dialog).getByLabelText(/^Email/), 'nina@new-lab.test');
  await user.type(within(dialog).getByLabelText(/^Activation message/), 'Welcome aboard');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

describe('ClientsPage add-client dialog', () => {
  it('requires every field and a valid email before it calls the server', async () => {
    const calls = stubApi([]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add client' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);

    await user.type(within(dialog).getByLabelText(/^First name/), 'Nina');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'New');
    await user.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/^Activation message/), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(dialog).queryByText('This field is required.')).toBeNull();
    expect(writes(calls)).toHaveLength(0);
  });

  it('names a confirmed client in a success dialog and fetches no instructions', async () => {
    const calls = stubApi([], added(clientFixture({ id: 30, firstName: 'Nina', lastName: 'New' })));
    const user = userEvent.setup();
    renderPage(false);
    await user.click(await screen.findByRole('button', { name: 'Add client' }));
    await fillAddClient(user);

    expect(await screen.findByText('Nina New is now your client.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      firstName: 'Nina',
      lastName: 'New',
      email: 'nina@new-lab.test',
      activationMessage: 'Welcome aboard',
    });
    expect(calls.some((call) => call.url.includes('activation-instructions'))).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Activation instructions' })).toBeNull();
  });

  it('shows the activation instructions of an unconfirmed client, then offers the landing page setup', async () => {
    const calls = stubApi(
      [],
      added(clientFixture({ id: 31, confirmed: false })),
      instructionsAnswer('Open the link we sent.\n\nSee you soon'),
    );
    const user = userEvent.setup();
    const { router } = renderPage(false);
    await user.click(await screen.findByRole('button', { name: 'Add client' }));
    await fillAddClient(user);

    const instructions = await screen.findByRole('dialog', { name: 'Activation instructions' });
    expect(within(instructions).getByText(/Open the link we sent\./)).toBeTruthy();
    expect(within(instructions).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/activation-instructions/31'))).toBe(true);
    expect(screen.queryByText(/is now your client/)).toBeNull();

    // The dialog's own Close button (the header's X carries the same name).
    await user.click(within(instructions).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const prompt = await screen.findByRole('dialog', { name: 'Set up your landing page' });
    await user.click(within(prompt).getByRole('button', { name: 'Set up now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/settings'));
    expect(router.state.location.search).toBe('?tab=landing-page');
  });

  it('does not offer the landing page setup when the mill already has one', async () => {
    stubApi([], added(clientFixture({ id: 31, confirmed: false })), instructionsAnswer('Instructions'));
    const user = userEvent.setup();
    renderPage(true);
    await user.click(await screen.findByRole('button', { name: 'Add client' }));
    await fillAddClient(user);
    const instructions = await screen.findByRole('dialog', { name: 'Activation instructions' });
    // The dialog's own Close button (the header's X carries the same name).
    await user.click(within(instructions).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activation instructions' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Set up your landing page' })).toBeNull();
  });
});

describe('ClientsPage row actions', () => {
  // Toasts live in a store outside the rendered tree; leftovers would queue behind the visible limit.
  afterEach(() => notifications.clean());

  it('offers block only to confirmed clients and send invite only to unconfirmed ones', async () => {
    stubApi([clientFixture(), clientFixture({ id: 22, firstName: 'Paula', lastName: 'Pending', confirmed: false, status: 'inactive' })]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Block Lena Lab' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invite to Lena Lab' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send invite to Paula Pending' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block Paula Pending' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unblock Paula Pending' })).toBeNull();
  });

  it("shows the server's message when a system-blocked client cannot be unblocked", async () => {
    const message = 'This client was blocked by the system administrator. Please contact your admin.';
    const calls = stubApi(
      [clientFixture({ blockedByMill: true, blockedBySystem: true, status: 'inactive' })],
      fake(contracts.setClientBlocked, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'CLIENT_BLOCKED_BY_SYSTEM', message },
      })),
    );
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Unblock Lena Lab' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unblock client' });
    await user.click(within(confirm).getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(writes(calls)[0]!.body).toEqual({ userId: 21, blockedByMill: false });
    // The action button sits in a clickable row; it must not open the detail page.
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers no Block for a client the system blocked, and shows that state instead', async () => {
    stubApi([clientFixture({ blockedBySystem: true, status: 'inactive' })]);
    renderPage();
    await screen.findByText('Demo Lab');
    expect(screen.queryByRole('button', { name: 'Block Lena Lab' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unblock Lena Lab' })).toBeNull();
    const row = screen.getByText('Demo Lab').closest('tr')!;
    // The status badge and the action column both say why nothing can be done here.
    expect(within(row).getAllByText('Blocked by the system')).toHaveLength(2);
  });

  it('blocks a client only after the confirmation, and not at all when cancelled', async () => {
    const calls = stubApi(
      [clientFixture()],
      fake(contracts.setClientBlocked, ({ body }) => ({ body })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Block Lena Lab' }));
    const cancelled = await screen.findByRole('dialog', { name: 'Block client' });
    expect(within(cancelled).getByText(/^Block Lena Lab\?/)).toBeTruthy();
    // Opened from the keyboard, the question has the focus on its safe answer, not on the close button.
    await waitFor(() => expect(document.activeElement).toBe(within(cancelled).getByRole('button', { name: 'Cancel' })));
    await user.click(within(cancelled).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block client' })).toBeNull());
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block Lena Lab' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block client' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ userId: 21, blockedByMill: true });
    expect(await screen.findByText('Lena Lab is blocked.')).toBeTruthy();
  });

  it('unblocks a client only after the confirmation', async () => {
    const calls = stubApi(
      [clientFixture({ blockedByMill: true, status: 'inactive' })],
      fake(contracts.setClientBlocked, ({ body }) => ({ body })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Unblock Lena Lab' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unblock client' });
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ userId: 21, blockedByMill: false });
  });

  it('deletes a client only after the confirmation', async () => {
    const calls = stubApi(
      [clientFixture()],
      fake(contracts.removeClient, () => ({ body: { ok: true as const, message: 'Client deleted' } })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Lena Lab' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete client' });
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.url).toMatch(/^\/api\/mills\/7\/clients\/21\?/);
    expect(await screen.findByText('Client deleted')).toBeTruthy();
  });

  it('shows a pending client without a company by its invited address and the pending state, never blanks', async () => {
    stubApi([
      clientFixture({
        id: 23,
        firstName: '',
        lastName: '',
        email: 'paula@smile.test',
        company: null,
        confirmed: false,
        status: 'inactive',
      }),
    ]);
    renderPage();
    const row = (await screen.findByRole('button', { name: 'Send invite to paula@smile.test' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.trim());
    expect(cells.slice(0, 3)).toEqual(['paula@smile.test', 'paula@smile.test', 'Invitation pending']);
  });

  it('opens the detail page when a row is clicked', async () => {
    stubApi([clientFixture()]);
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByText('Demo Lab'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/client/21/details'));
  });
});

describe('ClientsPage on the list kit', () => {
  it('reads status, sort and page from a shared link, and a new sort returns to page 1', async () => {
    const queries: Record<string, unknown>[] = [];
    fakeApi([
      fake(contracts.listClients, ({ query }) => {
        queries.push(query);
        return { body: { count: 30, data: [clientFixture()] } };
      }),
    ]);
    const session = sessionFixture('mill', { mills: [millFixture()] });
    const { router } = renderRoutes([{ path: '*', element: <ClientsPage /> }], {
      session,
      path: '/?status=inactive&sort=email:asc&page=2',
    });
    const user = userEvent.setup();
    await screen.findByText('lena@lab.test');
    expect(queries[0]).toMatchObject({ status: 'inactive', _sort: { field: 'email', direction: 'asc' }, _start: 10, _limit: 10 });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('inactive');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=inactive&sort=lastName%3Aasc'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ _sort: { field: 'lastName', direction: 'asc' }, _start: 0 }));
  });
});
