import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { millFixture, sessionFixture } from '../test/fixtures.ts';
import { mockFetch, renderRoutes } from '../test/render.tsx';
import { appRoutes } from './router.tsx';

const notFound = { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } };

function stubApi() {
  return mockFetch(({ path }) => {
    if (path === '/app/version') return { body: { version: '1.2.3' } };
    if (path === '/notifications') return { body: { notifications: [] } };
    if (path === '/mills/7/onboarding')
      return { body: { companyDetails: true, landingPage: true, firstClientInvited: true, licenceKeys: true, desktopAppAvailable: true } };
    if (path === '/mills/7/projects') return { body: { count: 0, data: [] } };
    if (path === '/mills/7') {
      return {
        body: {
          id: 7,
          company: { id: 70, name: 'Alpine Milling', logo: null },
          landingPageHeader: 'Crowns from the Alps',
          landingPageContent: 'Crowns and bridges',
        },
      };
    }
    return notFound;
  });
}

async function signOutFromMenu(user: ReturnType<typeof userEvent.setup>) {
  // The signed-in areas load lazily (one chunk per area): the first render may take a while.
  await user.click(await screen.findByRole('button', { name: 'User menu' }, { timeout: 20_000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

// The whole router with its lazy areas: on a loaded 2-core machine the first render alone can take seconds.
describe('signing out', { timeout: 30_000 }, () => {
  it("takes a mill user to the mill's home (its public page) and keeps them there", async () => {
    stubApi();
    const user = userEvent.setup();
    const session = sessionFixture('mill', { mills: [millFixture({ millRole: 'user' })] });
    const { router, client } = renderRoutes(appRoutes, { path: '/mill/welcome', session });
    await signOutFromMenu(user);

    await waitFor(() => expect(client.getQueryData(['session'])).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Crowns from the Alps' }, { timeout: 20_000 })).toBeTruthy();
    // Nothing may move on from there: neither the guard of the page left nor the sign-in redirect.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/7');
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
  });

  it('takes a lab user to the public start page, and ends the session on the server', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    const { router, client } = renderRoutes(appRoutes, { path: '/lab/messages', session: sessionFixture('lab') });
    await signOutFromMenu(user);
    await waitFor(() => expect(client.getQueryData(['session'])).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/api/auth/sign-out'))).toHaveLength(1);
  });
});
