import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { MillWelcomePage } from './mill-welcome-page.tsx';

const onboarding = { companyDetails: true, landingPage: true, firstClientInvited: true, licenceKeys: false, desktopAppAvailable: true };

function stubApi(orderCount: number) {
  return mockFetch(({ path }) => {
    if (path === '/mills/7/onboarding') return { body: onboarding };
    if (path === '/mills/7/projects') return { body: { count: orderCount, data: [] } };
    return { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } };
  });
}

describe('MillWelcomePage', () => {
  it('does not tell a mill with orders that it has none, and leads it to them', async () => {
    const calls = stubApi(7);
    renderWithProviders(<MillWelcomePage />, sessionFixture('mill', { ordersCount: 7 }));
    expect(await screen.findByText(/^Orders so far: 7\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the orders list' }).getAttribute('href')).toBe('/mills/projects');
    expect(screen.queryByText(/You have no orders yet/)).toBeNull();
    expect(calls.find((call) => call.url.startsWith('/api/mills/7/projects?'))!.url).toContain('_limit=1');
  });

  it('tells a mill without orders how they will come', async () => {
    stubApi(0);
    renderWithProviders(<MillWelcomePage />, sessionFixture('mill'));
    expect(await screen.findByText(/^You have no orders yet\./)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/^Orders so far/)).toBeNull());
  });
});
