import { z } from 'zod';
import { testCardBodySchema, testCheckoutSchema, testPayResponseSchema } from '../schemas/billing.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * The built-in test payment provider's pages, registered only while no real provider is configured
 * (no STRIPE_SECRET_KEY). Public: the checkout's or card page's id in the path is what opens it.
 */
const tags = ['test payment provider'] as const;
const idParams = z.object({
  id: z
    .string()
    .min(10)
    .max(80)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const describeTestCheckout = defineEndpoint({
  method: 'GET',
  path: '/test-payments/checkouts/:id',
  summary: 'What the test checkout page shows',
  tags,
  access: 'public',
  params: idParams,
  responses: { 200: testCheckoutSchema, ...commonRefusals },
});

export const payTestCheckout = defineEndpoint({
  method: 'POST',
  path: '/test-payments/checkouts/:id/pay',
  summary: 'Pay with a test card (4242… pays, 4000 0000 0000 0002 is declined)',
  tags,
  access: 'public',
  params: idParams,
  body: testCardBodySchema,
  // 409 CHECKOUT_OVER: paid or left already.
  responses: { 200: testPayResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const abandonTestCheckout = defineEndpoint({
  method: 'POST',
  path: '/test-payments/checkouts/:id/abandon',
  summary: 'Leave the test checkout without paying',
  tags,
  access: 'public',
  params: idParams,
  // 409 CHECKOUT_OVER: paid or left already.
  responses: { 200: z.object({ redirectUrl: z.string() }), ...commonRefusals, 409: errorResponseSchema },
});

export const replaceTestCard = defineEndpoint({
  method: 'POST',
  path: '/test-payments/cards/:id',
  summary: 'Replace the card on file with a test card',
  tags,
  access: 'public',
  params: idParams,
  body: testCardBodySchema,
  responses: { 200: testPayResponseSchema, ...commonRefusals },
});
