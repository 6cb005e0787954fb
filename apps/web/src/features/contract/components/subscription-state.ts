import type { Subscription } from '@casebridge/shared/schemas/billing';

/** A paid plan that is still running (also while cancelled at its period's end): it has a card and invoices. */
export function hasPaidPlan(subscription: Subscription): boolean {
  return subscription.contractType.id !== 'basic' && subscription.status !== 'canceled';
}
