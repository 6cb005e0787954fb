import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/analytics';
import type {
  Activity,
  MillDaily,
  MillOrders,
  MillOverview,
  OrdersPerDay,
  StoragePerMill,
  UserStat,
} from '@casebridge/shared/schemas/analytics';
import { resources } from '../../../locales/resources.ts';
import { fake, fakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, renderWithProviders, type FetchCall } from '../../../test/render.tsx';
import { ActivityPage, defaultActivityRange } from './activity-page.tsx';
import { ManagerSettingsPage } from './manager-settings-page.tsx';
import { MillOrdersPage } from './mill-orders-page.tsx';
import { MillsViewPage } from './mills-view-page.tsx';
import { UsersViewPage } from './users-view-page.tsx';

const MANAGER = sessionFixture('manager');

const MILLS: MillOverview[] = [
  {
    millId: 3,
    name: 'Demo Mill',
    contractType: 'Essential',
    planKey: 'essential',
    clientsCount: 4,
    allowedClients: 10,
    ordersCreated: 12,
    maxOrdersCount: 200,
    projectIds: [41, 40, 38, 37, 36],
    moreOrdersCount: 6,
  },
  {
    millId: 7,
    name: '=Evil, "Mill"',
    contractType: 'Basic',
    planKey: 'basic',
    clientsCount: 0,
    allowedClients: 1,
    ordersCreated: 0,
    maxOrdersCount: 20,
    projectIds: [],
    moreOrdersCount: 0,
  },
];
const CHOICES = {
  data: [
    { id: 3, name: 'Demo Mill' },
    { id: 7, name: '=Evil, "Mill"' },
  ],
};
const ORDERS: MillOrders = {
  count: 2,
  data: [
    {
      projectId: 41,
      name: 'Crown 21',
      createdAt: '2026-11-20T09:15:00.000Z',
      componentsCount: 3,
      documentsCount: 2,
      documentsSize: 1_250_000_000,
    },
    { projectId: 40, name: 'Bridge', createdAt: '2026-11-19T10:00:00.000Z', componentsCount: 1, documentsCount: 1, documentsSize: 250_000 },
  ],
  totals: { componentsCount: 4, documentsCount: 3, documentsSize: 1_250_250_000 },
};
const DAILY: MillDaily = {
  millId: 3,
  name: 'Demo Mill',
  from: '2026-11-19',
  to: '2026-11-20',
  licenceKeys: 1,
  keysReporting: 1,
  days: [
    { day: '2026-11-19', orders: 1, maxConcurrentUsers: 2 },
    { day: '2026-11-20', orders: 1, maxConcurrentUsers: 3 },
  ],
};
const PER_DAY: OrdersPerDay = {
  from: '2026-11-19',
  to: '2026-11-20',
  days: ['2026-11-19', '2026-11-20'],
  mills: [{ millId: 3, name: 'Demo Mill', total: 2, perDay: [1, 1] }],
  rest: { mills: 0, total: 0, perDay: [0, 0] },
};
const STORAGE: StoragePerMill = {
  totalBytes: 2_500_000_000,
  mills: [{ millId: 3, name: 'Demo Mill', bytes: 2_500_000_000 }],
  rest: { mills: 1, bytes: 0 },
};

const NOT_FOUND = { status: 404 as const, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' as const, message: 'Not found' } };

/** The analytics API as the routes answer (mill 3 has orders; another mill is not found); `routes` answer first where a test wants its own. */
function stubApi(routes: FakeRoute[] = []) {
  return fakeApi([
    ...routes,
    fake(contracts.millChoices, () => ({ body: CHOICES })),
    fake(contracts.millsOverview, () => ({ body: { count: MILLS.length, data: MILLS } })),
    fake(contracts.millOrders, ({ params }) => (params.millId === 3 ? { body: ORDERS } : NOT_FOUND)),
    fake(contracts.millDaily, ({ params }) => (params.millId === 3 ? { body: DAILY } : NOT_FOUND)),
    fake(contracts.ordersPerDay, () => ({ body: PER_DAY })),
    fake(contracts.storagePerMill, () => ({ body: STORAGE })),
  ]);
}

const query = (call: FetchCall) => new URL(call.url, 'http://localhost').searchParams;

/** Catches what downloadCsv hands to the browser: the file name and its text after the BOM. */
function catchDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
    blob = value as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: blob!.text() });
  });
  return files;
}

describe('MillsViewPage', () => {
  it("lists the mills, 'None' without orders, order ids linking to the mill's orders, and the charts", async () => {
    stubApi();
    renderWithProviders(<MillsViewPage />, MANAGER);
    const table = await screen.findByRole('table', { name: 'Mills with their plan limits and orders' });
    const demo = within(table).getByRole('row', { name: /Demo Mill/ });
    expect(within(demo).getByText('Essential')).toBeTruthy();
    expect(within(demo).getByRole('link', { name: '41' }).getAttribute('href')).toBe('/manager/mill/orders/view?millId=3&id=41');
    expect(within(within(table).getByRole('row', { name: /Evil/ })).getByText('None')).toBeTruthy();
    expect(
      await screen.findByRole('img', {
        name: /^Orders per day: 2 orders from 19\.11\.2026 to 20\.11\.2026; busiest mill 3 - Demo Mill with 2\./,
      }),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Storage per mill: 2.5 GB stored in total.' })).toBeTruthy();
  });

  it("lists the latest ids in the order given and links '+N' to the mill's whole orders view", async () => {
    stubApi();
    renderWithProviders(<MillsViewPage />, MANAGER);
    const table = await screen.findByRole('table', { name: 'Mills with their plan limits and orders' });
    const links = within(within(table).getByRole('row', { name: /Demo Mill/ })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['41', '40', '38', '37', '36', '+6 more']);
    expect(links.at(-1)!.getAttribute('href')).toBe('/manager/mill/orders/view?millId=3');
    expect(within(within(table).getByRole('row', { name: /Evil/ })).queryByRole('link')).toBeNull();
  });

  it('names the plans in the reader language (issue 24 item 17)', async () => {
    await i18next.changeLanguage('fr');
    stubApi();
    renderWithProviders(<MillsViewPage />, MANAGER);
    const table = await screen.findByRole('table', { name: resources.fr.translation.analytics.mills.caption });
    expect(within(within(table).getByRole('row', { name: /Demo Mill/ })).getByText('Essentiel')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Evil/ })).getByText('Basique')).toBeTruthy();
    await i18next.changeLanguage('en');
  });

  it('asks with the page size stored in settings and filters by the chosen mill ids', async () => {
    localStorage.setItem('pageSize', '25');
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<MillsViewPage />, MANAGER);
    await screen.findByRole('table', { name: 'Mills with their plan limits and orders' });
    const first = calls.find((call) => call.url.includes('/analytics/mills?'))!;
    expect(query(first).get('_limit')).toBe('25');
    expect(query(first).get('_start')).toBe('0');
    expect(query(first).has('ids')).toBe(false);

    await user.click(screen.getByLabelText('Filter by mills', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '7 - =Evil, "Mill"', hidden: true }));
    await waitFor(() => expect(calls.some((call) => call.url.includes('/analytics/mills?') && query(call).get('ids') === '7')).toBe(true));
  });

  it('takes the chosen mills and the page from the URL, and a new choice returns to page 1', async () => {
    const calls = stubApi([fake(contracts.millsOverview, () => ({ body: { count: 45, data: MILLS } }))]);
    const { router } = renderRoutes([{ path: '/manager/mills/view', element: <MillsViewPage /> }], {
      path: '/manager/mills/view?ids=3,x&page=2',
      session: MANAGER,
    });
    await screen.findByRole('table', { name: 'Mills with their plan limits and orders' });
    const first = query(calls.find((call) => call.url.includes('/analytics/mills?'))!);
    expect([first.get('ids'), first.get('_start')]).toEqual(['3', '10']);

    // The field holds the mill of the URL: a second choice adds to it.
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Filter by mills', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '7 - =Evil, "Mill"', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?ids=3%2C7'));
    await waitFor(() => expect(query(calls.at(-1)!).get('ids')).toBe('3,7'));
  });

  it('exports the table as CSV with quoting and formulas defused', async () => {
    stubApi();
    const files = catchDownloads();
    const user = userEvent.setup();
    renderWithProviders(<MillsViewPage />, MANAGER);
    await screen.findByRole('table', { name: 'Mills with their plan limits and orders' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^mills-overview-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await files[0]!.text).split('\r\n');
    expect(lines[0]).toBe('Mill Id,Name,Contract Type,Clients Count,Allowed Clients,Orders Created,Max Orders Count,Project Ids');
    expect(lines[1]).toBe('3,Demo Mill,Essential,4,10,12,200,41 40 38 37 36 +6 more');
    expect(lines[2]).toBe('7,"\'=Evil, ""Mill""",Basic,0,1,0,20,None');
  });

  it('shows the translated error of a failed load and loads again on Retry', async () => {
    let fail = true;
    const calls = stubApi([
      fake(contracts.millsOverview, () =>
        fail
          ? { status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'Forbidden' } }
          : { body: { count: MILLS.length, data: MILLS } },
      ),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<MillsViewPage />, MANAGER);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You are not allowed to do this.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Mills with their plan limits and orders' })).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/analytics/mills?')).length).toBe(2);
  });

  it("says 'No data found' and disables the export when no mill matches", async () => {
    stubApi([fake(contracts.millsOverview, () => ({ body: { count: 0, data: [] } }))]);
    renderWithProviders(<MillsViewPage />, MANAGER);
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('MillOrdersPage', () => {
  const route = (path: string) =>
    renderRoutes([{ path: '/manager/mill/orders/view', element: <MillOrdersPage /> }], { path, session: MANAGER });

  it('shows each order with its size in MB and the page totals with the size in GB (MB ÷ 1000)', async () => {
    stubApi();
    route('/manager/mill/orders/view?millId=3');
    const table = await screen.findByRole('table', { name: 'Orders of the chosen mill' });
    const crown = within(table).getByRole('row', { name: /Crown 21/ });
    expect(within(crown).getByText('1250.00')).toBeTruthy();
    expect(within(crown).getByText(/^20\.11\.2026 \d\d:15$/)).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Bridge/ })).getByText('0.25')).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Totals of this page' });
    expect(within(totals).getByText('Size: 1.250 GB')).toBeTruthy();
    expect(within(totals).getByText('Components: 4')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: /^Orders and desktop CAM use of 3 - Demo Mill: 2 orders .* At most 3 machines at once\.$/ }),
    ).toBeTruthy();
  });

  it('filters by a date range, refuses an end before the start, and Reset drops the range', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    route('/manager/mill/orders/view?millId=3');
    await screen.findByRole('table', { name: 'Orders of the chosen mill' });
    const orderCalls = () => calls.filter((call) => call.url.includes('/analytics/mills/3/orders'));
    expect(query(orderCalls()[0]!).has('fromDate')).toBe(false);

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(orderCalls().some((call) => query(call).get('fromDate') === '2026-11-01' && query(call).get('toDate') === '2026-11-30')).toBe(
        true,
      ),
    );
    expect(calls.some((call) => call.url.includes('/daily') && query(call).get('from') === '2026-11-01')).toBe(true);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    expect(await screen.findByText('The end date must not be before the start date')).toBeTruthy();
    expect(orderCalls().some((call) => query(call).get('toDate') === '2026-10-01')).toBe(false);

    const before = orderCalls().length;
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(orderCalls().length).toBeGreaterThan(before));
    expect(query(orderCalls().at(-1)!).has('fromDate')).toBe(false);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('takes the range and page from the URL; Reset is one step the back button undoes', async () => {
    const calls = stubApi([fake(contracts.millOrders, () => ({ body: { ...ORDERS, count: 45 } }))]);
    const { router } = route('/manager/mill/orders/view?millId=3&fromDate=2026-11-01&toDate=2026-11-30&page=2');
    await screen.findByRole('table', { name: 'Orders of the chosen mill' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    const first = query(calls.find((call) => call.url.includes('/analytics/mills/3/orders'))!);
    expect(Object.fromEntries(first)).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-30', _start: '10' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe('?millId=3'));
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-30'));
    expect(router.state.location.search).toBe('?millId=3&fromDate=2026-11-01&toDate=2026-11-30&page=2');
  });

  it('asks only for the linked order when the URL names one', async () => {
    const calls = stubApi();
    route('/manager/mill/orders/view?millId=3&id=41');
    await screen.findByText('Showing order 41 only.');
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/analytics/mills/3/orders') && query(call).get('ids') === '41')).toBe(true),
    );
  });

  it('without a mill asks the manager to choose one and loads no orders; a garbled id counts as none', async () => {
    const calls = stubApi();
    route('/manager/mill/orders/view?millId=abc');
    expect(await screen.findByText('Choose a mill to see its orders.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/orders'))).toBe(false);
  });

  it('exports the orders with the sizes in MB', async () => {
    stubApi();
    const files = catchDownloads();
    const user = userEvent.setup();
    route('/manager/mill/orders/view?millId=3');
    await screen.findByRole('table', { name: 'Orders of the chosen mill' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await files[0]!.text).split('\r\n');
    expect(files[0]!.name).toMatch(/^mill-3-orders-/);
    expect(lines[0]).toBe('Project Id,Name,Created At,Components Count,Documents Count,Documents Size (MB)');
    expect(lines[1]).toMatch(/^41,Crown 21,20\.11\.2026 \d\d:15,3,2,1250\.00$/);
  });
});

describe('UsersViewPage', () => {
  it("shows the period as month.year or '-', mills as links and 'None' without labs", async () => {
    const users: UserStat[] = [
      {
        id: 5,
        email: 'admin@mill.test',
        role: 'admin',
        projectsCount: 2,
        company: 'Demo Mill',
        createdAt: '2026-01-02T00:00:00.000Z',
        projectIds: [41, 40],
        period: '11.2026',
        mills: [{ id: 3, name: 'Demo Mill' }],
        labs: [],
      },
      {
        id: 6,
        email: 'lab@lab.test',
        role: 'lab',
        projectsCount: 0,
        company: 'Lab A',
        createdAt: '2026-01-03T00:00:00.000Z',
        projectIds: [],
        period: null,
        mills: [],
        labs: ['Lab A'],
      },
    ];
    stubApi([fake(contracts.userStats, () => ({ body: { count: 2, data: users } }))]);
    renderWithProviders(<UsersViewPage />, MANAGER);
    const table = await screen.findByRole('table', { name: 'Users of mills and labs' });
    const admin = within(table).getByRole('row', { name: /admin@mill\.test/ });
    expect(within(admin).getByText('11.2026')).toBeTruthy();
    expect(within(admin).getByText('Mill admin')).toBeTruthy();
    expect(within(admin).getByRole('link', { name: '3 - Demo Mill' }).getAttribute('href')).toBe('/manager/mill/orders/view?millId=3');
    expect(within(admin).getAllByText('None')).toHaveLength(1);
    const lab = within(table).getByRole('row', { name: /lab@lab\.test/ });
    expect(within(lab).getByText('-')).toBeTruthy();
    // Company and Labs both say 'Lab A'.
    expect(within(lab).getAllByText('Lab A')).toHaveLength(2);
  });

  it('takes its page from the URL and keeps each new page there, so a reload or the back button shows it again', async () => {
    const calls = stubApi([fake(contracts.userStats, () => ({ body: { count: 45, data: [] } }))]);
    const { router } = renderRoutes([{ path: '/manager/users/view', element: <UsersViewPage /> }], {
      path: '/manager/users/view?page=2',
      session: MANAGER,
    });
    expect(await screen.findByText('No data found')).toBeTruthy();
    const userCalls = () => calls.filter((call) => call.url.includes('/analytics/users'));
    expect(query(userCalls()[0]!).get('_start')).toBe('10');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(query(userCalls().at(-1)!).get('_start')).toBe('20'));
    expect(router.state.location.search).toBe('?page=3');
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?page=2');
  });
});

describe('ActivityPage', () => {
  const ACTIVITY: Activity = {
    start: '2026-11-16',
    end: '2026-11-23',
    data: [
      {
        millId: 3,
        name: 'Demo Mill',
        millEmail: 'demo@mill.test',
        ordersCount: 5,
        projectIds: [41, 40],
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      {
        millId: 7,
        name: 'Alpha Mill',
        millEmail: 'alpha@mill.test',
        ordersCount: 1,
        projectIds: [9],
        createdAt: '2026-02-01T00:00:00.000Z',
      },
    ],
  };

  it('asks for the last 7 days to today by default and Reset brings them back', async () => {
    const calls = stubApi([fake(contracts.activity, () => ({ body: ACTIVITY }))]);
    const user = userEvent.setup();
    renderWithProviders(<ActivityPage />, MANAGER);
    await screen.findByRole('table', { name: 'Mills that received orders in the chosen days' });
    const expected = defaultActivityRange();
    const today = new Date().toISOString().slice(0, 10);
    expect(expected.end).toBe(today);
    expect(new Date(expected.end).getTime() - new Date(expected.start).getTime()).toBe(7 * 86_400_000);
    const first = calls.find((call) => call.url.includes('/analytics/activity?'))!;
    expect([query(first).get('start'), query(first).get('end')]).toEqual([expected.start, expected.end]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(expected.start);
    expect(screen.getByRole('button', { name: 'Reset' }).hasAttribute('disabled')).toBe(true);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/analytics/activity?') && query(call).get('start') === '2026-01-01')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(expected.start);
  });

  it('takes the range and sort from the URL, and the back button undoes a new sort', async () => {
    const calls = stubApi([fake(contracts.activity, () => ({ body: ACTIVITY }))]);
    const { router } = renderRoutes([{ path: '/manager/mill/activity', element: <ActivityPage /> }], {
      path: '/manager/mill/activity?start=2026-11-01&end=2026-11-10&sort=name:asc',
      session: MANAGER,
    });
    await screen.findByRole('table', { name: 'Mills that received orders in the chosen days' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    const first = calls.find((call) => call.url.includes('/analytics/activity?'))!;
    expect([query(first).get('start'), query(first).get('end')]).toEqual(['2026-11-01', '2026-11-10']);
    const nameHeader = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader().getAttribute('aria-sort')).toBe('ascending');

    await userEvent.setup().click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(nameHeader().getAttribute('aria-sort')).toBe('descending'));
    await router.navigate(-1);
    await waitFor(() => expect(nameHeader().getAttribute('aria-sort')).toBe('ascending'));
    expect(router.state.location.search).toBe('?start=2026-11-01&end=2026-11-10&sort=name:asc');
  });

  it('sorts by a column when its header is clicked, busiest first by default', async () => {
    stubApi([fake(contracts.activity, () => ({ body: ACTIVITY }))]);
    const user = userEvent.setup();
    renderWithProviders(<ActivityPage />, MANAGER);
    const table = await screen.findByRole('table', { name: 'Mills that received orders in the chosen days' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(names()).toEqual(['Demo Mill', 'Alpha Mill']);
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Alpha Mill', 'Demo Mill']);
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Demo Mill', 'Alpha Mill']);
  });
});

describe('ManagerSettingsPage', () => {
  it('offers the page sizes of spec §9, 10 by default, and keeps the choice in local storage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ManagerSettingsPage />, MANAGER);
    const select = await screen.findByLabelText('Page size', { selector: 'input' });
    expect((select as HTMLInputElement).value).toBe('10');
    await user.click(select);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '15', '20', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50', hidden: true }));
    expect(localStorage.getItem('pageSize')).toBe('50');
  });
});
