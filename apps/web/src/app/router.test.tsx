import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { appVersion } from '@casebridge/shared/contracts/app-info';
import { getClient, listClients } from '@casebridge/shared/contracts/clients';
import { getLabOfCompany } from '@casebridge/shared/contracts/companies';
import { getCompany, getOwnCompany } from '@casebridge/shared/contracts/company-profile';
import type { errorResponseSchema } from '@casebridge/shared/contracts/core';
import { listMessages } from '@casebridge/shared/contracts/messages';
import { listNotifications } from '@casebridge/shared/contracts/notifications';
import { millOnboarding } from '@casebridge/shared/contracts/onboarding';
import { listMillOrders, listResponsiblePersons } from '@casebridge/shared/contracts/orders';
import { getSubscription, listInvoices } from '@casebridge/shared/contracts/subscriptions';
import type { z } from 'zod';
import { fake, fakeApi, type FakeRoute } from '../test/fake-api.ts';
import { clientFixture, millFixture, sessionFixture } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

const notFound = {
  status: 404 as const,
  body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } satisfies z.input<typeof errorResponseSchema>,
};
const emptyList = { body: { count: 0, data: [] } };

/**
 * The shell's own requests, answered as their contracts say, beside a test's own fakes: the version,
 * the notifications, and no plan for the header's usage donut, which then stays away (its own tests cover it).
 */
function shellFakes(): FakeRoute[] {
  return [
    fake(appVersion, () => ({ body: { version: '1.2.3' } })),
    fake(listNotifications, () => ({ body: { notifications: [] } })),
    fake(getSubscription, () => notFound),
  ];
}

/** What the pages these tests open ask for, as the contracts say; anything else is refused. */
function stubApi() {
  return fakeApi([
    ...shellFakes(),
    // The mill's welcome page and its orders and clients, all empty.
    fake(millOnboarding, () => ({
      body: { companyDetails: true, landingPage: true, firstClientInvited: true, licenceKeys: true, desktopAppAvailable: true },
    })),
    fake(listMillOrders, () => emptyList),
    fake(listResponsiblePersons, () => emptyList),
    fake(listClients, () => emptyList),
    fake(listInvoices, () => emptyList),
    // The lab's account: its company and its shipping address.
    fake(getOwnCompany, () => ({
      body: {
        id: 10,
        name: 'Ada Lab',
        email: 'lab@example.com',
        web: '',
        contactPerson: '',
        vatNumber: 'DE1',
        taxId: '',
        logo: null,
        address: { country: 'DE', state: '', street: 'Main 1', city: 'Berlin', zipCode: '10115', phone: '123' },
        companyInfoIsUpdated: true,
        countryLocked: false,
      },
    })),
    fake(getLabOfCompany, ({ params }) => ({
      body: {
        id: 4,
        company: { id: params.id, name: 'Ada Lab' },
        shippingAtSameAddress: true,
        shippingAddress: { street: '', city: '', zipCode: '', phone: '' },
      },
    })),
  ]);
}

describe('app routes', () => {
  // Pages load lazily by area; transforming an area's modules the first time outlasts findBy's wait.
  beforeAll(async () => {
    await Promise.all([import('./areas/signed-in-area.ts'), import('./areas/mill-area.tsx'), import('./areas/lab-area.ts')]);
  }, 60_000);

  it('shows the home page and opens the sign-in dialog from it', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(appRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Password/)).toBeTruthy();
  });

  it('sends unknown paths home', async () => {
    stubApi();
    const { router } = renderRoutes(appRoutes, { path: '/no/such/page' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['manager', '/manager/dealers/7'],
    ['dealer', '/dealer/contracts/new'],
  ] as const)('shows a signed-in %s a not-found page inside the shell for a path that does not exist', async (role, path) => {
    stubApi();
    const { router } = renderRoutes(appRoutes, { path, session: sessionFixture(role) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe(`/${role}`);
  });

  it("leads mill users from the sidebar's home entry to the mill home, and gives them a support page", async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = renderRoutes(appRoutes, { path: '/mill/support', session: sessionFixture('mill', { ordersCount: 1 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Topic/ })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
    // The welcome page's own requests run on a busy test machine: a longer wait than findBy's default.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mill/welcome');
  });

  it('gives a mill admin the signed-in layout with the admin sidebar', async () => {
    stubApi();
    renderRoutes(appRoutes, { path: '/mills/projects', session: sessionFixture('mill', { ordersCount: 1 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Orders', 'Clients', 'Messages', 'Support', 'Settings', 'Contract']);
    expect(screen.getByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(screen.getByLabelText('Language', { selector: 'select' })).toBeTruthy();
    expect(await screen.findByText('v1.2.3')).toBeTruthy();
  });

  it('gives mill users without the admin role no settings or contract entries', async () => {
    stubApi();
    const session = sessionFixture('mill', { mills: [millFixture({ millRole: 'user' })] });
    renderRoutes(appRoutes, { path: '/mill/welcome', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Orders', 'Clients', 'Messages', 'Support']);
  });

  it("reads the selected mill's actions: an admin of one mill is a plain user in the other", async () => {
    stubApi();
    // The admin's actions in mill 7; mill 8, where the same user is a plain user, is selected.
    const session = sessionFixture('mill', { mills: [millFixture(), millFixture({ id: 8, millRole: 'user' })] });
    localStorage.setItem(STORAGE_KEYS.selectedMillId, '8');
    const { router } = renderRoutes(appRoutes, { path: '/mill/settings', session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/welcome'));
    const links = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Orders', 'Clients', 'Messages', 'Support']);
    localStorage.removeItem(STORAGE_KEYS.selectedMillId);
  });

  it('offers a dealer the config test and the users in the sidebar only when the session lists their actions', async () => {
    // A sub-dealer manager: only the session's actions decide.
    const sidebarLinks = async (actions: string[]) => {
      stubApi();
      const session = {
        ...sessionFixture('dealer', { actions }),
        dealer: { id: 6, name: 'Demo Sub-dealer', parentId: 5, dealerRole: 'manager' as const },
      };
      const { unmount } = renderRoutes(appRoutes, { path: '/notifications', session });
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      const links = within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      unmount();
      return links;
    };
    const granted = await sidebarLinks(['dealerConfig.test', 'dealerConfig.edit', 'dealerUsers.list']);
    expect(granted).toContain('/dealer/config/result');
    expect(granted).toContain('/dealer/users');
    const refused = await sidebarLinks(['dealerConfig.test']);
    expect(refused).not.toContain('/dealer/config/result');
    expect(refused).not.toContain('/dealer/users');
  });

  it('shows the lab company form on the lab account page', async () => {
    stubApi();
    renderRoutes(appRoutes, { path: '/lab/account?tab=company-info', session: sessionFixture('lab') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Company information' })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /^Company name/ })) as HTMLInputElement).value).toBe('Ada Lab');
    const links = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Orders', 'Messages', 'Support']);
  });

  it('asks for the policy consent and keeps OK disabled until both are accepted', async () => {
    stubApi();
    const user = userEvent.setup();
    const session = sessionFixture('mill', { mills: [millFixture({ needPoliciesApproval: true })] });
    renderRoutes(appRoutes, { path: '/mill/welcome', session });
    const dialog = await screen.findByRole('dialog', { name: 'Please accept our policies' });
    const ok = within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /^I accept the Terms of service/ }));
    expect(ok.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /^I accept the Data processing agreement/ }));
    expect(ok.disabled).toBe(false);
  });

  it('gives mill settings the heading Settings and its six tabs', async () => {
    stubApi();
    renderRoutes(appRoutes, { path: '/mill/settings?tab=billing', session: sessionFixture('mill') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Landing page', 'Company details', 'Users', 'Licence keys', 'Billing', 'Invoices']);
    expect(screen.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows a client's company and shipping address read-only, with a way back to the clients", async () => {
    fakeApi([
      ...shellFakes(),
      fake(getClient, ({ params }) =>
        params.millId === 7 && params.userId === 21 ? { body: clientFixture({ createdAt: '2025-01-01T00:00:00Z' }) } : notFound,
      ),
      fake(getCompany, ({ params }) =>
        params.id === 50
          ? {
              body: {
                id: 50,
                name: 'Demo Lab',
                email: 'office@lab.test',
                web: '',
                contactPerson: 'Lena Lab',
                vatNumber: 'DE9',
                taxId: '',
                logo: null,
                address: { country: 'DE', state: '', street: 'Laborstraße 5', city: 'München', zipCode: '80331', phone: '4989' },
                companyInfoIsUpdated: true,
                countryLocked: false,
              },
            }
          : notFound,
      ),
      fake(getLabOfCompany, ({ params }) =>
        params.id === 50
          ? {
              body: {
                id: 5,
                company: { id: 50, name: 'Demo Lab' },
                shippingAtSameAddress: false,
                shippingAddress: { street: 'Dock 4', city: 'Hamburg', zipCode: '20457', phone: '' },
              },
            }
          : notFound,
      ),
    ]);
    renderRoutes(appRoutes, { path: '/mill/client/21/details', session: sessionFixture('mill', { ordersCount: 1 }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Lab' })).toBeTruthy();
    expect(await screen.findByText('Laborstraße 5')).toBeTruthy();
    expect(await screen.findByText('Dock 4')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe('/mills/clients');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Company information', 'Orders', 'Messages']);
  });

  it("lists only that client's orders and messages in its tabs", async () => {
    const calls = fakeApi([
      ...shellFakes(),
      fake(getClient, ({ params }) =>
        params.millId === 7 && params.userId === 21 ? { body: clientFixture({ createdAt: '2025-01-01T00:00:00Z' }) } : notFound,
      ),
      fake(listMillOrders, () => emptyList),
      fake(listMessages, () => emptyList),
    ]);
    const user = userEvent.setup();
    renderRoutes(appRoutes, { path: '/mill/client/21/details?tab=orders', session: sessionFixture('mill', { ordersCount: 1 }) });
    await screen.findByRole('heading', { level: 1, name: 'Lena Lab' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/mills/7/projects') && c.url.includes('client=5'))).toBe(true));
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/mills/7/messages') && c.url.includes('client=5'))).toBe(true));
  });
});
