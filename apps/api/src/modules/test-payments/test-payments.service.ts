import type { testCardBodySchema, testCheckoutSchema } from '@casebridge/shared/schemas/billing';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { TEST_CARD_DECLINED, TEST_CARD_PAID, type CardOutcome, type TestPaymentProvider } from '../../platform/payments/test-provider.ts';

/**
 * The pages of the built-in test payment provider: its checkout and its card form. They stand in
 * for the provider's own pages, so they are public like those, reached by an unguessable id.
 */
type CardBody = z.infer<typeof testCardBodySchema>;

function provider(deps: AppDeps): TestPaymentProvider {
  if (!deps.testPayments) throw AppError.notFound('Checkout');
  return deps.testPayments;
}

/** Only the two test cards exist here; any other number is refused, as a real card would be unknown. */
function testCardNumber(body: CardBody): string {
  const digits = body.cardNumber.replace(/\s/g, '');
  if (digits !== TEST_CARD_PAID && digits !== TEST_CARD_DECLINED) {
    throw AppError.fields(
      { cardNumber: ['TEST_CARD_REQUIRED'] },
      'Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
    );
  }
  return digits;
}

export async function describeCheckout(deps: AppDeps, sessionId: string): Promise<z.infer<typeof testCheckoutSchema>> {
  const found = await provider(deps).describeCheckout(sessionId);
  if (!found) throw AppError.notFound('Checkout');
  const { checkout, amountCents } = found;
  return {
    id: checkout.id,
    status: checkout.status,
    description: checkout.items.map((item) => item.description).join(' + '),
    amountCents,
    customerEmail: checkout.customerEmail,
    cancelUrl: checkout.cancelUrl,
  };
}

/** A checkout that never existed is not found, like its page; only one that ended is "over". */
async function existingCheckout(deps: AppDeps, sessionId: string): Promise<TestPaymentProvider> {
  const payments = provider(deps);
  if (!(await payments.getCheckout(sessionId))) throw AppError.notFound('Checkout');
  return payments;
}

export async function payCheckout(
  deps: AppDeps,
  sessionId: string,
  body: CardBody,
): Promise<{ outcome: CardOutcome; redirectUrl: string }> {
  const result = await (await existingCheckout(deps, sessionId)).payCheckout(sessionId, testCardNumber(body));
  if (!result) throw AppError.conflict('This checkout is over: start again from the contract page', 'CHECKOUT_OVER');
  return result;
}

export async function abandonCheckout(deps: AppDeps, sessionId: string): Promise<{ redirectUrl: string }> {
  const redirectUrl = await (await existingCheckout(deps, sessionId)).abandonCheckout(sessionId);
  if (!redirectUrl) throw AppError.conflict('This checkout is over: start again from the contract page', 'CHECKOUT_OVER');
  return { redirectUrl };
}

export async function replaceCard(deps: AppDeps, portalId: string, body: CardBody): Promise<{ outcome: CardOutcome; redirectUrl: string }> {
  const result = await provider(deps).replaceCard(portalId, testCardNumber(body));
  if (!result) throw AppError.notFound('Card page');
  return result;
}
