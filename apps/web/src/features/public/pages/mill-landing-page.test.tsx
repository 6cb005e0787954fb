import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../../test/render.tsx';
import { MillLandingPage } from './mill-landing-page.tsx';

describe('MillLandingPage', () => {
  it('shows a mill page to a visitor who is not signed in, content as plain text', async () => {
    const calls = mockFetch(() => ({
      body: {
        id: 7,
        company: { id: 70, name: 'Alpine Milling', logo: null },
        landingPageHeader: 'Precision',
        landingPageContent: 'Line one\n<img src=x onerror=alert(1)>',
      },
    }));
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
