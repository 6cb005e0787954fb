import { EU_COUNTRIES } from '@casebridge/shared/constants/countries';
import type { companyInfoDataSchema } from '@casebridge/shared/schemas/account';
import type { FormValues } from '../../../lib/use-form.ts';

/** EU states first (they need a VAT number), then the other countries customers come from. */
export const COUNTRY_CODES = [
  ...EU_COUNTRIES,
  'AL',
  'AD',
  'BA',
  'CH',
  'GB',
  'IS',
  'LI',
  'MC',
  'ME',
  'MK',
  'NO',
  'RS',
  'SM',
  'TR',
  'UA',
  'AE',
  'AU',
  'BR',
  'CA',
  'CN',
  'EG',
  'IL',
  'IN',
  'JP',
  'KR',
  'MA',
  'MX',
  'NZ',
  'SA',
  'SG',
  'US',
  'ZA',
] as const;

export type CompanyFormValues = FormValues<typeof companyInfoDataSchema>;

/** Spec §5: the VAT field only accepts letters and digits, the phone field only digits. */
export const onlyLettersAndDigits = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');
export const onlyDigits = (value: string) => value.replace(/[^0-9]/g, '');

/** Spec §8: any server error mentioning VAT is shown as the one VAT message. */
export function isVatError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
  return /VAT/i.test(error.message) || Boolean(body?.errors && 'vatNumber' in body.errors);
}
