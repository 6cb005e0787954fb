import { z } from 'zod';
import { dealerCustomerBodySchema, type DealerCustomer, type DealerCustomerBody } from '@casebridge/shared/schemas/dealers';
import type { FieldWords } from '../../../lib/form-errors.ts';
import type { FieldPath } from '../../../lib/use-form.ts';
import type { DealerFormContext } from './dealer-form-rules.ts';

export interface CustomerFormRules {
  /** The whole form is disabled (and so is saving). */
  readOnly: boolean;
  /** Only the manager picks a customer's dealer (spec §5). */
  dealerPickerEnabled: boolean;
}

/**
 * Spec §5/§6, as the session's actions say (the server's rule book decides them): a new customer
 * needs `customers.create`, a change `customers.update`. A dealer user's actions are about its own
 * dealer, so a customer of one of its sub-dealers is shown, not edited; the manager's about any.
 */
export function customerFormRules(ctx: DealerFormContext, customer: DealerCustomer | null): CustomerFormRules {
  const aboutActionsDealer = ctx.isManager || customer === null || customer.dealerInfo.id === ctx.ownDealer?.id;
  const action = customer === null ? 'customers.create' : 'customers.update';
  return { readOnly: !aboutActionsDealer || !ctx.actions.includes(action), dealerPickerEnabled: ctx.isManager };
}

export type CustomerValues = { dealerId: number | null; customerInfo: DealerCustomerBody['customerInfo'] };

const blank = dealerCustomerBodySchema.parse({
  customerInfo: { customerId: 'x', firstName: 'x', lastName: 'x', company: 'x' },
}).customerInfo;

export function customerToValues(customer: DealerCustomer | null, dealerId: number | null): CustomerValues {
  if (!customer) return { dealerId, customerInfo: { ...blank, customerId: '', firstName: '', lastName: '', company: '' } };
  const { id: _id, ...info } = customer.customerInfo;
  return {
    dealerId: customer.dealerInfo.id,
    customerInfo: { ...info, contactInformation: { ...info.contactInformation }, permissions: { ...info.permissions } },
  };
}

export function customerBody(values: CustomerValues, namesDealer: boolean): DealerCustomerBody {
  // Without a dealer named, a dealer user's customer belongs to its own dealer (the server fills it in).
  return namesDealer
    ? { dealerId: values.dealerId ?? undefined, customerInfo: values.customerInfo }
    : { customerInfo: values.customerInfo };
}

/** The form's values piped into the shared request schema; the dealer counts where the body names it. */
export function customerFormSchema(namesDealer: boolean) {
  return z
    .custom<CustomerValues>()
    .transform((values): z.input<typeof dealerCustomerBodySchema> => customerBody(values, namesDealer))
    .pipe(dealerCustomerBodySchema);
}

/** Spec §5's words for a malformed email. */
export const CUSTOMER_WORDS: FieldWords = { email: { email: 'dealers.errors.emailInvalid' } };

/** Spec §5: the manager (or the ticket desk) names the customer's dealer. */
export function customerRules(namesDealer: boolean) {
  return (values: CustomerValues): Partial<Record<FieldPath<CustomerValues>, string>> =>
    namesDealer && values.dealerId === null ? { dealerId: 'dealers.errors.selectDealer' } : {};
}
