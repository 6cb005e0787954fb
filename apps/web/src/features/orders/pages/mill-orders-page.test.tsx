import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listClients } from '@casebridge/shared/contracts/clients';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { Client } from '@casebridge/shared/schemas/clients';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { clientFixture, orderFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { raiseNewOrders } from '../../../lib/new-orders-counter.ts';
import { MillOrdersPage } from './mill-orders-page.tsx';

const withComponents = orderFixture();
const empty = orderFixture({ id: 41, name: 'Empty draft', components: [], isDeleted: true, newMessages: 3 });

const clients: Client[] = [
  clientFixture(),
  // Pending: no company until the lab accepts; one invited before names were kept has only its address.
  clientFixture({ id: 22, labId: 6, firstName: 'Paula', lastName: 'Pending', email: 'paula@smile.test', company: null, confirmed: false }),
  clientFixture({ id: 23, labId: 7, firstName: '', lastName: '', email: 'old@invite.test', company: null, confirmed: false }),
];

function stubApi() {
  return fakeApi([
    fake(contracts.listMillOrders, () => ({ body: { count: 45, data: [withComponents, empty] } })),
    fake(listClients, () => ({ body: { count: 3, data: clients } })),
    fake(contracts.listResponsiblePersons, () => ({ body: { count: 1, data: [{ id: 3, firstName: 'Max', lastName: 'Miller' }] } })),
    fake(contracts.orderReportLink, ({ params }) => ({ body: { url: `/api/dl/report-token-${params.orderId}` } })),
  ]);
}

function renderPage(path = '/mills/projects') {
  return renderRoutes(
    [
      { path: '/mills/projects', element: <MillOrdersPage /> },
      { path: '/mills/projects/:projectId/components/:id', element: <p>component page</p> },
    ],
    { path, session: sessionFixture('mill') },
  );
}

const listCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.url.startsWith('/api/mills/7/projects'));

describe('MillOrdersPage', () => {
  it('lets only orders with components expand, and opens a component from the expanded row', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const toggle = await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect(screen.queryByRole('button', { name: 'Show components of Empty draft' })).toBeNull();
    // The deleted order is marked, its documents cannot be downloaded, its new messages show.
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download all documents of Empty draft' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Download all documents of Bridge 14-16' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText('New messages: 3')).toBeTruthy();

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Components of Bridge 14-16' });
    expect(within(list).getByText('Open')).toBeTruthy();
    expect(within(list).getByText('Documents: 2')).toBeTruthy();
    await user.click(within(list).getByRole('link', { name: 'Bridge' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mills/projects/40/components/400'));
  });

  it("sends the combined status filter as OpenDownloaded and the client filter as the client's lab id", async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect(listCalls(calls)[0]!.url).not.toContain('status=');

    await user.selectOptions(screen.getByLabelText('Status'), 'Open and downloaded');
    await waitFor(() => expect(listCalls(calls).some((call) => call.url.includes('status=OpenDownloaded'))).toBe(true));

    await user.click(screen.getByLabelText('Client', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Demo Lab', hidden: true }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toMatch(/client=5(&|$)/));

    await user.selectOptions(screen.getByLabelText('Responsible'), 'Nobody');
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toContain('responsible=none'));
    expect(listCalls(calls).at(-1)!.url).toContain('status=OpenDownloaded');
  });

  it('takes search, filters, sort and page from the URL, and keeps them there as they change', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const { router } = renderPage('/mills/projects?q=bridge&status=Open&client=5&sort=name:asc&page=2');
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('bridge');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Open');
    await waitFor(() => expect((screen.getByLabelText('Client', { selector: 'input' }) as HTMLInputElement).value).toBe('Demo Lab'));
    const query = new URL(listCalls(calls)[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      _q: 'bridge',
      status: 'Open',
      client: '5',
      _sort: 'name:asc',
      _start: '10',
      _limit: '10',
    });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    // A new filter returns to page 1 and keeps the rest; the back button restores the page before it.
    await user.selectOptions(screen.getByLabelText('Responsible'), 'Nobody');
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toContain('_start=0'));
    expect(router.state.location.search).toBe('?q=bridge&status=Open&client=5&sort=name%3Aasc&responsible=none');
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('Responsible') as HTMLSelectElement).value).toBe(''));
    expect(router.state.location.search).toBe('?q=bridge&status=Open&client=5&sort=name:asc&page=2');
  });

  it('offers a pending client by its person or address, marked, never as an empty option', async () => {
    stubApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    await user.click(screen.getByLabelText('Client', { selector: 'input' }));
    const listbox = (await screen.findByRole('option', { name: 'Demo Lab', hidden: true })).closest<HTMLElement>('[role="listbox"]')!;
    const labels = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent?.trim());
    expect(labels).toEqual(['Any', 'Demo Lab', 'Paula Pending (invitation pending)', 'old@invite.test (invitation pending)']);
  });

  it('follows the one-time report link', async () => {
    stubApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Report for Bridge 14-16' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/dl/report-token-40'));
  });

  it('shows new orders announced live and clears the counter when the list is refreshed', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Show components of Bridge 14-16' });
    const before = listCalls(calls).length;
    act(() => raiseNewOrders());
    expect(await screen.findByText('New orders since the list was loaded: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh list' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    expect(screen.queryByText(/New orders since the list was loaded/)).toBeNull();
  });
});
