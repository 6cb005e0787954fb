import { screen } from '@testing-library/react';
import i18next from 'i18next';
import firstPaintEnglish from 'virtual:first-paint-english';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import english from '../locales/en/translation.json';
import { RequireRole } from '../app/guards/require-role.tsx';
import { sessionFixture } from '../test/fixtures.ts';
import { renderRoutes, renderWithProviders } from '../test/render.tsx';
import { LAB_COMPANY_PATH } from './home-route.ts';
import { useAfterSignIn } from './use-after-sign-in.ts';

// The rest of English arrives a moment after it is asked for, as the fetched chunk does in the app.
vi.mock('./i18n.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./i18n.ts')>()),
  loadAllTranslations: () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        i18next.addResourceBundle('en', 'translation', english, true, true);
        resolve();
      }, 20),
    ),
}));

const incomplete = sessionFixture('lab', { user: { companyInfoIsUpdated: false } });

/**
 * Issue 24 item 3: the company notice follows a sign-in by mail link or a guard's redirect, while
 * only the first paint's English is loaded; it showed the raw key `company.updateFirst`.
 */
beforeEach(() => {
  i18next.removeResourceBundle('en', 'translation');
  i18next.addResourceBundle('en', 'translation', structuredClone(firstPaintEnglish));
});
afterEach(() => {
  i18next.addResourceBundle('en', 'translation', english, true, true);
});

function SignedIn() {
  const afterSignIn = useAfterSignIn();
  useEffect(() => afterSignIn(incomplete), [afterSignIn]);
  return null;
}

describe('the notice to complete the company information first', () => {
  it('is worded in English after a sign-in on the public home', async () => {
    renderWithProviders(<SignedIn />);
    expect(await screen.findByText(english.company.updateFirst)).toBeTruthy();
  });

  it('is worded in English when a guard sends the user to the company page', async () => {
    const routes = [
      { element: <RequireRole roles={['lab']} />, children: [{ path: '/lab/orders', element: <p>orders</p> }] },
      { path: LAB_COMPANY_PATH.split('?')[0], element: <p>company page</p> },
    ];
    renderRoutes(routes, { path: '/lab/orders', session: incomplete });
    expect(await screen.findByText('company page')).toBeTruthy();
    expect(await screen.findByText(english.company.updateFirst)).toBeTruthy();
  });
});
