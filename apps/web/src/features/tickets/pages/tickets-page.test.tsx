import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { onPhone } from '../../../test/viewport.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { formatUtcDate } from '../../../components/expiry-status.tsx';
import { dealerSession, deskReads, deskTicket, TICKET_DEALERS } from '../test/ticket-fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

/** A desk with `count` tickets, of which `rows` are on every page; writes answer as the server does. */
function serve(rows: DealerTicket[], count = rows.length) {
  return fakeApi([
    ...deskReads(rows, { count }),
    fake(contracts.archiveTicketBatch, ({ body }) => ({ body: { changed: body.ticketIds.length } })),
    fake(contracts.archiveTicket, ({ params, body }) => ({
      body: { ...rows.find((row) => row.id === params.id)!, archived: body.archived },
    })),
  ]);
}

const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/dealer-tickets?'))
    .map((call) => new URL(call.url, 'http://x').searchParams);
const lastList = (calls: FetchCall[]) => listCalls(calls).at(-1)!;
const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('formatUtcDate', () => {
  it('shows the calendar day the server sent as DD.MM.YYYY, whatever the time zone', () => {
    expect(formatUtcDate('2026-01-05')).toBe('05.01.2026');
    expect(formatUtcDate('2026-12-31T23:30:00.000Z')).toBe('31.12.2026');
    expect(formatUtcDate(null)).toBe('—');
  });
});

describe('TicketsPage', () => {
  it('asks for page 1 sorted by ticket id ascending, and returns to page 1 when sort, dealer or archive filter change', async () => {
    const calls = serve([deskTicket(1), deskTicket(2)], 25);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    expect(await screen.findByText('25 tickets found')).toBeTruthy();
    // Spec §2: by the 5×5 key (the server's `id` is the row).
    expect(lastList(calls).get('_sort')).toBe('ticketId:asc');
    expect(lastList(calls).get('_start')).toBe('0');
    expect(lastList(calls).get('_limit')).toBe('10');
    expect(lastList(calls).get('archived')).toBe('all');
    expect(lastList(calls).has('dealerId')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(calls).get('_start')).toBe('10'));
    await user.click(screen.getByRole('button', { name: 'Dealer' }));
    await waitFor(() => expect(lastList(calls).get('_sort')).toBe('dealer:asc'));
    expect(lastList(calls).get('_start')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList(calls).get('_start')).toBe('20'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'D-7 – Branch 7' })).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dealer' }), '7');
    await waitFor(() => expect(lastList(calls).get('dealerId')).toBe('7'));
    expect(lastList(calls).get('_start')).toBe('0');
    expect(lastList(calls).get('_sort')).toBe('dealer:asc');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(calls).get('_start')).toBe('10'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Archive state' }), 'archived');
    await waitFor(() => expect(lastList(calls).get('archived')).toBe('archived'));
    expect(lastList(calls).get('_start')).toBe('0');
    expect(lastList(calls).get('dealerId')).toBe('7');
  });

  it('searches once typing has paused, from page 1', async () => {
    const calls = serve([deskTicket(1)], 25);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    await screen.findByText('25 tickets found');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(calls).get('_start')).toBe('10'));
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'cam');
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Not one request per keystroke: nothing is searched before the 1000 ms debounce ends.
    expect(listCalls(calls).some((params) => params.has('_q'))).toBe(false);
    await waitFor(() => expect(lastList(calls).get('_q')).toBe('cam'), { timeout: 2500 });
    expect(lastList(calls).get('_start')).toBe('0');
    expect(listCalls(calls).filter((params) => params.has('_q'))).toHaveLength(1);
  });

  it('shows dashes without an expiry, EXPIRED once expired, and the days left with a warning only within 30 days', async () => {
    serve([
      deskTicket(1, { status: 'unlimited', expiryInDays: null, licenceExpiry: null }),
      deskTicket(2, { status: 'expired', expiryInDays: -3, licenceExpiry: '2026-01-02' }),
      deskTicket(3, { status: 'active', expiryInDays: 12, licenceExpiry: '2026-02-01' }),
      deskTicket(4, {
        status: 'active',
        expiryInDays: 90,
        licenceExpiry: '2026-05-01',
        customer: { id: 3, customerId: 'C-3', name: 'Navy Dental' },
      }),
    ]);
    renderWithProviders(<TicketsPage />, dealerSession());
    const rowOf = async (id: number) => (await screen.findByText(deskTicket(id).key)).closest('tr')!;
    const unlimited = within(await rowOf(1));
    expect(unlimited.getByText('——')).toBeTruthy();
    expect(unlimited.getByText('No expiry')).toBeTruthy();
    expect(unlimited.queryByText('EXPIRED')).toBeNull();
    const expired = within(await rowOf(2));
    expect(expired.getByText('EXPIRED')).toBeTruthy();
    expect(expired.getByText('02.01.2026')).toBeTruthy();
    const soon = within(await rowOf(3));
    expect(soon.getByText('12 days')).toBeTruthy();
    expect(soon.getByRole('img', { name: 'Expires soon' })).toBeTruthy();
    const later = within(await rowOf(4));
    expect(later.getByText('90 days')).toBeTruthy();
    expect(later.queryByRole('img', { name: 'Expires soon' })).toBeNull();
    expect(later.getByText('Navy Dental')).toBeTruthy();
    expect(later.getByText('C-3')).toBeTruthy();
    // No customer: a dash, not an empty cell.
    expect(within(await rowOf(3)).getAllByText('—').length).toBeGreaterThan(0);
  });

  it('archives one ticket only after the confirmation, with the right body', async () => {
    const calls = serve([deskTicket(1), deskTicket(2)]);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    const archiveOfTicket2 = async () => {
      await user.click(await screen.findByRole('button', { name: `Actions for ticket ${deskTicket(2).key}` }));
      // Hidden to jsdom, which lays nothing out (see rowAction in ticket-row-actions.test.tsx).
      return screen.findByRole('menuitem', { name: 'Archive', hidden: true });
    };
    await user.click(await archiveOfTicket2());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(new RegExp(deskTicket(2).key))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toHaveLength(0);

    await user.click(await archiveOfTicket2());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { archived: true } });
    expect(writes(calls)[0]!.url.startsWith('/api/dealer-tickets/2/archived?')).toBe(true);
  });

  it('unarchives an archived ticket', async () => {
    const calls = serve([deskTicket(3, { archived: true })]);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    await user.click(await screen.findByRole('button', { name: `Actions for ticket ${deskTicket(3).key}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unarchive', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { archived: false } });
  });

  it('archives the selected tickets in one batch after the confirmation, then clears the selection', async () => {
    const calls = serve([deskTicket(1), deskTicket(2), deskTicket(3)]);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    await user.click(await screen.findByRole('checkbox', { name: `Select ticket ${deskTicket(1).key}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ticket ${deskTicket(3).key}` }));
    expect(screen.getByText('2 tickets selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive 2 selected tickets?')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { ticketIds: [1, 3], archived: true } });
    await waitFor(() => expect(screen.queryByText('2 tickets selected')).toBeNull());
    expect((screen.getByRole('checkbox', { name: `Select ticket ${deskTicket(1).key}` }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: `Select ticket ${deskTicket(3).key}` }) as HTMLInputElement).checked).toBe(false);
  });

  it('selects a whole page, unarchives it in a batch, and drops the selection on another page', async () => {
    const calls = serve([deskTicket(1), deskTicket(2)], 25);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    await user.click(await screen.findByRole('checkbox', { name: 'Select all tickets on this page' }));
    expect(screen.getByText('2 tickets selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unarchive selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toHaveLength(0);
    // Cancelling keeps the selection; moving to another page does not.
    expect(screen.getByText('2 tickets selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.queryByText('2 tickets selected')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select all tickets on this page' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Select all tickets on this page' }));
    await user.click(screen.getByRole('button', { name: 'Unarchive selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ ticketIds: [1, 2], archived: false });
  });

  it('says "No data found" for an empty desk', async () => {
    serve([], 0);
    renderWithProviders(<TicketsPage />, dealerSession());
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.getByText('0 tickets found')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all tickets on this page' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows a failed load with a retry that asks again', async () => {
    let fail = true;
    const calls = fakeApi([
      fake(contracts.listTicketDealers, () => ({ body: TICKET_DEALERS })),
      fake(contracts.listTickets, () => {
        // No answer, as from a server that is down: a 5xx is a failure no contract lists (ADR 0022).
        if (fail) throw new TypeError('Failed to fetch');
        return { body: { count: 1, data: [deskTicket(1)] } };
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TicketsPage />, dealerSession());
    expect(await screen.findByText('The tickets could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(deskTicket(1).key)).toBeTruthy();
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  describe('on a phone', () => {
    it('lists tickets as cards, each with its labelled checkbox, and a select-all above them', async () => {
      onPhone();
      const calls = serve([deskTicket(1), deskTicket(2)]);
      const user = userEvent.setup();
      renderWithProviders(<TicketsPage />, dealerSession());
      const cards = await screen.findByRole('list', { name: 'Licence tickets' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      await user.click(screen.getByRole('checkbox', { name: 'Select all tickets on this page' }));
      expect((screen.getByRole('checkbox', { name: `Select ticket ${deskTicket(2).key}` }) as HTMLInputElement).checked).toBe(true);
      // The sort select replaces the header row.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'licenceExpiry:desc');
      await waitFor(() => expect(lastList(calls).get('_sort')).toBe('licenceExpiry:desc'));
      expect(screen.queryByText('2 tickets selected')).toBeNull();
    });
  });
});
