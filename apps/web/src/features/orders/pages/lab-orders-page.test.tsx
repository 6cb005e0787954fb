import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deleteOrder, listLabOrders } from '@casebridge/shared/contracts/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { millFixture, orderFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LabOrdersPage } from './lab-orders-page.tsx';

function renderFor(blocked: boolean, path = '/') {
  const calls = fakeApi([
    fake(listLabOrders, () => ({
      body: { count: 45, data: [orderFixture(), orderFixture({ id: 41, name: 'Old case', isDeleted: true })] },
    })),
    fake(deleteOrder, () => ({ body: { ok: true as const, message: 'Order deleted' } })),
  ]);
  const session = sessionFixture('lab', { mills: [millFixture({ millRole: null, blocked })] });
  const { router } = renderRoutes([{ path: '*', element: <LabOrdersPage /> }], { path, session });
  return Object.assign(calls, { router });
}

describe('LabOrdersPage', () => {
  it("lists the lab's orders with the selected mill, without the mill's actions, with a New order button", async () => {
    const calls = renderFor(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Show components of Bridge 14-16' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe('/lab/projects/new');
    expect(screen.queryByRole('button', { name: /^Report for/ })).toBeNull();
    expect(screen.queryByLabelText('Client', { selector: 'input' })).toBeNull();
    await waitFor(() => expect(new URL(calls[0]!.url, 'http://x').searchParams.get('millId')).toBe('7'));
  });

  it('deletes an order only after confirmation, and offers nothing for one already deleted', async () => {
    const calls = renderFor(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete order Bridge 14-16' }));
    expect(await screen.findByText(/all its files are removed for good/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete order Old case' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete order Bridge 14-16' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order deleted')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      '/api/orders/40',
    ]);
  });

  it('takes search, status, sort and page from the URL; a new search waits for the typing to pause, then returns to page 1', async () => {
    const calls = renderFor(false, '/?q=bridge&status=Closed&sort=name:desc&page=3');
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('bridge');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Closed');
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ _q: 'bridge', status: 'Closed', _sort: 'name:desc', _start: '20' });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), ' 14');
    expect(calls.router.state.location.search).toContain('page=3');
    await waitFor(() => expect(calls.router.state.location.search).toBe('?q=bridge+14&status=Closed&sort=name%3Adesc'), { timeout: 2500 });
    await waitFor(() => expect(calls.at(-1)!.url).toContain('_start=0'));
  });

  it('offers no New order to a lab its mill has blocked', async () => {
    renderFor(true);
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect(screen.queryByRole('link', { name: 'New order' })).toBeNull();
    expect(screen.getByText(/cannot send new orders/)).toBeTruthy();
  });
});
