import { dealerCustomerBodySchema, type DealerCustomer, type DealerCustomerBody } from '@casebridge/shared/schemas/dealers';
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

/** Field path to the translation key of its error; the shared schema decides, spec §5 words where it has them. */
export function validateCustomer(values: CustomerValues, namesDealer: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (namesDealer && values.dealerId === null) errors.dealerId = 'dealers.errors.selectDealer';
  const result = dealerCustomerBodySchema.safeParse(customerBody(values, namesDealer));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const value = issue.path.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], values);
    const blankValue = typeof value !== 'string' || value.trim() === '';
    errors[path] ??= blankValue
      ? 'validation.required'
      : issue.path.at(-1) === 'email'
        ? 'dealers.errors.emailInvalid'
        : 'validation.invalid';
  }
  return errors;
}
