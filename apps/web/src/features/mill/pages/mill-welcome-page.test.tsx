import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { millOnboarding } from '@casebridge/shared/contracts/onboarding';
import { listMillOrders } from '@casebridge/shared/contracts/orders';
import { sessionFixture } from '../../../test/fixtures.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MillWelcomePage } from './mill-welcome-page.tsx';

const onboarding = { companyDetails: true, landingPage: true, firstClientInvited: true, licenceKeys: false, desktopAppAvailable: true };

function stubApi(orderCount: number) {
  return fakeApi([
    fake(millOnboarding, ({ params }) => {
      expect(params.id).toBe(7);
      return { body: onboarding };
    }),
    fake(listMillOrders, ({ params }) => {
      expect(params.millId).toBe(7);
      return { body: { count: orderCount, data: [] } };
    }),
  ]);
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
