import type { Address } from '@casebridge/shared/schemas/dealers';

/** The inputs of an address, in the forms' order: a dealer's contact and a customer's contact information. */
export const ADDRESS_FIELDS = [
  'address1',
  'address2',
  'address3',
  'zipCode',
  'city',
  'district',
  'state',
  'country',
  'phone',
  'email',
  'webUrl',
] as const satisfies readonly (keyof Address)[];
