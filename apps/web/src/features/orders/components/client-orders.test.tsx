import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listMillOrders } from '@casebridge/shared/contracts/orders';
import { orderFixture, sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ClientOrders } from './client-orders.tsx';

function stubApi(count = 45) {
  return fakeApi([fake(listMillOrders, () => ({ body: { count, data: count ? [orderFixture()] : [] } }))]);
}

function renderList(path: string) {
  return renderRoutes([{ path: '/mill/client/:id/details', element: <ClientOrders millId={7} labId={5} /> }], {
    path,
    session: sessionFixture('mill'),
  });
}

const lastCall = (calls: ReturnType<typeof stubApi>) => new URL(calls.at(-1)!.url, 'http://x');

describe('ClientOrders', () => {
  it('asks for the page, sort, status and search in the URL, always narrowed to the client', async () => {
    const calls = stubApi();
    renderList('/mill/client/21/details?tab=orders&status=open&q=crown&sort=name:asc&page=3');
    expect(await screen.findByText(orderFixture().name)).toBeTruthy();
    const { pathname, searchParams: query } = lastCall(calls);
    expect(pathname).toBe('/api/mills/7/projects');
    expect(query.get('client')).toBe('5');
    expect([query.get('_sort'), query.get('_start'), query.get('_q')]).toEqual(['name:asc', '20', 'crown']);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'crown');
  });

  it('goes back to page 1 on a new sort and keeps the tab in the URL', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderList('/mill/client/21/details?tab=orders&page=2');
    await screen.findByText(orderFixture().name);
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('name:asc'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('tab'), params.get('page')]).toEqual(['orders', null]);
  });

  it('says "No data found" when the client has no orders', async () => {
    stubApi(0);
    renderList('/mill/client/21/details?tab=orders');
    expect(await screen.findByText('No data found')).toBeTruthy();
  });
});
