import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MillLandingPage } from './mill-landing-page.tsx';

describe('MillLandingPage', () => {
  it('shows a mill page to a visitor who is not signed in, content as plain text', async () => {
    const calls = fakeApi([
      fake(getPublicMill, () => ({
        body: {
          id: 7,
          company: { id: 70, name: 'Alpine Milling', logo: null },
          landingPageHeader: 'Precision',
          landingPageContent: 'Line one\n<img src=x onerror=alert(1)>',
        },
      })),
    ]);
    renderRoutes([{ path: '/:millId', element: <MillLandingPage /> }], { path: '/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpine Milling' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Precision' })).toBeTruthy();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(calls[0]!.url).toMatch(/^\/api\/mills\/7\?/);
  });
});
