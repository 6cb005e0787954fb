import { z } from 'zod';
import { subscriptionSchema } from '../schemas/billing.ts';
import { idSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * A mill's contract (plan, period, orders this period). Only the read the header's usage donut
 * makes has a contract so far, and the server registers that route from it; the contract page's
 * endpoints follow in their own slice.
 */
export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/mills/:millId/subscription',
  summary: "The mill's plan, period, cancellation date, add-on and orders this period",
  tags: ['subscriptions'],
  access: 'subscription.read',
  params: z.object({ millId: idSchema }),
  // 409: the subscriptions routes share one refusal list, which names the plan conflicts of their writes.
  responses: { 200: subscriptionSchema, ...commonRefusals, 409: errorResponseSchema },
});
