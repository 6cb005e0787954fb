import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderRoutes } from '../../../test/render.tsx';
import { PaymentFailurePage, PaymentSuccessPage } from './payment-pages.tsx';

const routes = [
  { path: '/payments/success', element: <PaymentSuccessPage /> },
  { path: '/payments/failure', element: <PaymentFailurePage /> },
  { path: '/mill/contract', element: <p>contract page</p> },
];
const render = (path: string) => renderRoutes(routes, { path, session: sessionFixture('mill') });

describe('payment pages', () => {
  it('confirms the session once and returns to the contract types after the success message', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    const { router } = render('/payments/success?session_id=cs_test_123');
    expect(await screen.findByText('Thank you! Your payment was confirmed.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?tab=contract-types');
    expect(calls.map((call) => call.body)).toEqual([{ sessionId: 'cs_test_123' }]);
  });

  it('shows the payment failure of spec §8 when the confirmation is refused, then returns', async () => {
    mockFetch(() => ({ status: 409, body: { statusCode: 409, error: 'Conflict', code: 'PAYMENT_FAILED', message: 'not paid' } }));
    const { router } = render('/payments/success?session_id=cs_test_123');
    expect(
      await screen.findByText('Payment process was not successful due to manual interuption or invalid card information'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
  });

  it('shows the failure message on the failure page and returns to the contract page', async () => {
    const { router } = render('/payments/failure');
    expect(screen.getByText('Payment process was not successful due to manual interuption or invalid card information')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mill/contract'), { timeout: 3000 });
  });
});
