import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmCheckout } from '@casebridge/shared/contracts/subscriptions';
import type { Subscription } from '@casebridge/shared/schemas/billing';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PaymentFailurePage, PaymentSuccessPage } from './payment-pages.tsx';

const routes = [
  { path: '/payments/success', element: <PaymentSuccessPage /> },
  { path: '/payments/failure', element: <PaymentFailurePage /> },
  { path: '/mill/contract', element: <p>contract page</p> },
];
const render = (path: string) => renderRoutes(routes, { path, session: sessionFixture('mill') });

const paid: Subscription = {
  millId: 7,
  contractType: {
    id: 'essential',
    name: 'Essential',
    priceCents: 4900,
    lookupKey: 'pr_essential',
    maxOrdersCount: 200,
    allowedClients: 25,
    storageMb: 50_000,
    support: true,
    filesKeepDays: 90,
  },
  chargedPriceCents: 4900,
  status: 'active',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  subscriptionCancelDate: null,
  customContract: null,
  addOn: null,
  millOrderStat: { ordersCreated: 0 },
};

describe('payment pages', () => {
  it('confirms the session once and returns to the contract types after the success message', async () => {
    const calls = fakeApi([fake(confirmCheckout, () => ({ body: paid }))]);
    const { router } = render('/payments/success?session_id=cs_test_123');
    expect(await screen.findByText('Thank you! Your payment was confirmed.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?tab=contract-types');
    expect(calls.map((call) => call.body)).toEqual([{ sessionId: 'cs_test_123' }]);
  });

  it('shows the payment failure of spec §8 when the confirmation is refused, then returns', async () => {
    fakeApi([
      fake(confirmCheckout, () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'PAYMENT_FAILED', message: 'not paid' },
      })),
    ]);
    const { router } = render('/payments/success?session_id=cs_test_123');
    expect(
      await screen.findByText('Payment process was not successful due to manual interuption or invalid card information'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
  });

  it('shows the failure message on the failure page and returns to the contract page', async () => {
    fakeApi([]);
    const { router } = render('/payments/failure');
    expect(screen.getByText('Payment process was not successful due to manual interuption or invalid card information')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
  });
});
