import { z } from 'zod';
import { EU_COUNTRIES } from '@casebridge/shared/constants/countries';
import { isVatCountry } from '@casebridge/shared/schemas/account';
import { isValidVatNumber } from '@casebridge/shared/constants/vat';
import { emailField, optionalText, requiredText } from '../../../lib/form-schemas.ts';

/** EU states first (they need a VAT number), then the other countries customers come from. */
export const COUNTRY_CODES = [
  ...EU_COUNTRIES,
  'AL', 'AD', 'BA', 'CH', 'GB', 'IS', 'LI', 'MC', 'ME', 'MK', 'NO', 'RS', 'SM', 'TR', 'UA',
  'AE', 'AU', 'BR', 'CA', 'CN', 'EG', 'IL', 'IN', 'JP', 'KR', 'MA', 'MX', 'NZ', 'SA', 'SG', 'US', 'ZA',
] as const;

export const companySchema = z
  .object({
    name: requiredText(200),
    email: emailField,
    web: optionalText(200),
    contactPerson: optionalText(200),
    vatNumber: optionalText(20).regex(/^[A-Za-z0-9]*$/, 'validation.lettersDigitsOnly'),
    taxId: optionalText(40),
    country: z.string().regex(/^[A-Z]{2}$/, 'validation.required'),
    state: optionalText(100),
    street: requiredText(200),
    city: requiredText(100),
    zipCode: requiredText(10),
    phone: requiredText(30).regex(/^[0-9]+$/, 'validation.digitsOnly'),
  })
  .superRefine((value, ctx) => {
    if (!isVatCountry(value.country)) return;
    if (value.vatNumber.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'validation.vatRequired' });
    } else if (!isValidVatNumber(value.country, value.vatNumber)) {
      // The same per-country format the server checks (spec §8 names the message).
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'validation.vatFormat' });
    }
  });

export type CompanyFormValues = z.input<typeof companySchema>;

/** Spec §5: the VAT field only accepts letters and digits, the phone field only digits. */
export const onlyLettersAndDigits = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');
export const onlyDigits = (value: string) => value.replace(/[^0-9]/g, '');

/** Spec §8: any server error mentioning VAT is shown as the one VAT message. */
export function isVatError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
  return /VAT/i.test(error.message) || Boolean(body?.errors && 'vatNumber' in body.errors);
}
