import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testCardBodySchema, testCheckoutSchema, testPayResponseSchema } from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import { commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';
import { abandonCheckout, describeCheckout, payCheckout, replaceCard } from './test-payments.service.ts';

const tags = ['test payment provider'];
const errors = { ...commonErrors, 409: errorResponseSchema };
const idParams = z.object({
  id: z
    .string()
    .min(10)
    .max(80)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** Registered only while the built-in test provider is the payment provider (no STRIPE_SECRET_KEY). */
export function testPaymentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/test-payments/checkouts/:id', {
      config: { access: 'public' },
      schema: { tags, summary: 'What the test checkout page shows', params: idParams, response: { 200: testCheckoutSchema, ...errors } },
      handler: async (request) => describeCheckout(deps, request.params.id),
    });

    app.post('/test-payments/checkouts/:id/pay', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pay with a test card (4242… pays, 4000 0000 0000 0002 is declined)',
        params: idParams,
        body: testCardBodySchema,
        response: { 200: testPayResponseSchema, ...errors },
      },
      handler: async (request) => payCheckout(deps, request.params.id, request.body),
    });

    app.post('/test-payments/checkouts/:id/abandon', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Leave the test checkout without paying',
        params: idParams,
        response: { 200: z.object({ redirectUrl: z.string() }), ...errors },
      },
      handler: async (request) => abandonCheckout(deps, request.params.id),
    });

    app.post('/test-payments/cards/:id', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Replace the card on file with a test card',
        params: idParams,
        body: testCardBodySchema,
        response: { 200: testPayResponseSchema, ...errors },
      },
      handler: async (request) => replaceCard(deps, request.params.id, request.body),
    });
  };
}
