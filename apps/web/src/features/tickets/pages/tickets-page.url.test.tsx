import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { dealerSession, deskReads, deskTicket } from '../test/ticket-fixtures.ts';
import { TicketsPage } from './tickets-page.tsx';

/** Issue 27 part 3: the desk's search, filters, sort and page live in the URL (list kit, ADR 0024). */
function serve() {
  return fakeApi(deskReads([deskTicket(1), deskTicket(2)], { count: 45 }));
}

const lastList = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/dealer-tickets?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams))
    .at(-1);

const render = (path: string) => renderRoutes([{ path: '*', element: <TicketsPage /> }], { path, session: dealerSession() });
const value = (name: string, role: 'searchbox' | 'combobox' = 'combobox') =>
  (screen.getByRole(role, { name }) as HTMLInputElement | HTMLSelectElement).value;

describe('TicketsPage, its state in the URL', () => {
  it('opens a shared link with its search, dealer, archive state, sort and page, and asks for them', async () => {
    const calls = serve();
    render('/dealer/tickets?q=cam&dealer=7&archived=archived&sort=dealer:desc&page=3');
    await screen.findByText('45 tickets found');
    await waitFor(() => expect(value('Dealer')).toBe('7'));
    expect(value('Search tickets', 'searchbox')).toBe('cam');
    expect(value('Archive state')).toBe('archived');
    expect(screen.getByRole('button', { name: 'Page 3' }).hasAttribute('data-active')).toBe(true);
    expect(lastList(calls)).toMatchObject({
      _start: '20',
      _limit: '10',
      _sort: 'dealer:desc',
      _q: 'cam',
      dealerId: '7',
      archived: 'archived',
    });
  });

  it('takes no dealer that is not an id, and no unknown archive state', async () => {
    const calls = serve();
    render('/dealer/tickets?dealer=seven&archived=gone');
    await screen.findByText('45 tickets found');
    expect(lastList(calls)).toMatchObject({ _start: '0', _limit: '10', _sort: 'ticketId:asc', archived: 'all' });
    expect(lastList(calls)).not.toHaveProperty('dealerId');
  });

  it('writes a filter to the URL from page 1, and the back button returns to the page and filter before', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const { router } = render('/dealer/tickets?page=2');
    await screen.findByText('45 tickets found');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Archive state' }), 'active');
    expect(router.state.location.search).toBe('?archived=active');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ _start: '0', archived: 'active' }));
    await router.navigate(-1);
    await waitFor(() => expect(value('Archive state')).toBe(''));
    expect(router.state.location.search).toBe('?page=2');
    expect(lastList(calls)).toMatchObject({ _start: '10', archived: 'all' });
  });
});
