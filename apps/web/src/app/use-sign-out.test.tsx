import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appVersion } from '@casebridge/shared/contracts/app-info';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { listMessages } from '@casebridge/shared/contracts/messages';
import { listNotifications } from '@casebridge/shared/contracts/notifications';
import { millOnboarding } from '@casebridge/shared/contracts/onboarding';
import { listMillOrders } from '@casebridge/shared/contracts/orders';
import { getSubscription } from '@casebridge/shared/contracts/subscriptions';
import { signOut } from '@casebridge/shared/contracts/user-sessions';
import { fake, fakeApi } from '../test/fake-api.ts';
import { millFixture, sessionFixture } from '../test/fixtures.ts';
import { renderRoutes, type RenderOptions } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

const notFound = { status: 404 as const, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND' as const, message: 'Not found' } };

/** What the signed-in pages left and the public pages reached ask for, as their contracts say; anything else is refused. */
function stubApi() {
  return fakeApi([
    fake(appVersion, () => ({ body: { version: '1.2.3' } })),
    fake(listNotifications, () => ({ body: { notifications: [] } })),
    // No plan to show: the header's usage donut stays away.
    fake(getSubscription, () => notFound),
    fake(millOnboarding, () => ({
      body: { companyDetails: true, landingPage: true, firstClientInvited: true, licenceKeys: true, desktopAppAvailable: true },
    })),
    fake(listMillOrders, () => ({ body: { count: 0, data: [] } })),
    fake(listMessages, () => ({ body: { count: 0, data: [] } })),
    fake(getPublicMill, ({ params }) =>
      params.id === 7
        ? {
            body: {
              id: 7,
              company: { id: 70, name: 'Alpine Milling', logo: null },
              landingPageHeader: 'Crowns from the Alps',
              landingPageContent: 'Crowns and bridges',
            },
          }
        : notFound,
    ),
    // Still sent by hand in the app (ADR 0022: it must take the token before the session is cleared); its contract answers here.
    fake(signOut, () => ({ body: { ok: true as const, message: 'Signed out' } })),
  ]);
}

/**
 * Mantine's test mode: jsdom lays nothing out, so an open menu is hidden as "detached" from its
 * button as soon as its position resolves; a loaded machine then never saw the menu's items.
 */
const options = (path: string, session: RenderOptions['session']): RenderOptions => ({ path, session, mantineTestEnv: true });

async function signOutFromMenu(user: ReturnType<typeof userEvent.setup>) {
  // The signed-in areas load lazily (one chunk per area): the first render may take a while.
  await user.click(await screen.findByRole('button', { name: 'User menu' }, { timeout: 20_000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

// The whole router with its lazy areas: on a loaded 2-core machine the first render alone can take seconds.
describe('signing out', { timeout: 30_000 }, () => {
  it("takes a mill user to the mill's home (its public page) and keeps them there", async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const session = sessionFixture('mill', { mills: [millFixture({ millRole: 'user' })] });
    const { router, client } = renderRoutes(appRoutes, options('/mill/welcome', session));
    await signOutFromMenu(user);

    await waitFor(() => expect(client.getQueryData(['session'])).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Crowns from the Alps' }, { timeout: 20_000 })).toBeTruthy();
    // Nothing may move on from there: neither the guard of the page left nor the sign-in redirect.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/7');
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/api/auth/sign-out'))).toHaveLength(1);
  });

  it('takes a lab user to the public start page, and ends the session on the server', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const { router, client } = renderRoutes(appRoutes, options('/lab/messages', sessionFixture('lab')));
    await signOutFromMenu(user);
    await waitFor(() => expect(client.getQueryData(['session'])).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/api/auth/sign-out'))).toHaveLength(1);
  });
});
