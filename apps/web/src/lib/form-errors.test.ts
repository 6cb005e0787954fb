import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { companyInfoDataSchema } from '@casebridge/shared/schemas/account';
import { registerBodySchema, resetPasswordBodySchema } from '@casebridge/shared/schemas/auth';
import { addLicenceKeyBodySchema } from '@casebridge/shared/schemas/licence-keys';
import { confirmingPassword } from './form-schemas.ts';
import { checkField, toFieldError } from './form-errors.ts';

const company = { name: 'A', email: 'a@b.test', country: 'DE', street: 'S', city: 'C', zipCode: '1', phone: '1', vatNumber: 'DE123456789' };

/** The error of `field` when `schema` reads `input`, as the form would show it. */
function errorOf(schema: z.ZodType, input: Record<string, unknown>, field: string) {
  const result = schema.safeParse(input);
  const issue = result.error?.issues.find((candidate) => candidate.path.includes(field));
  return issue ? toFieldError(issue, field, input[field]) : null;
}

describe('form errors from the shared rules', () => {
  it('reads any rule an empty field breaks as required', () => {
    expect(checkField(registerBodySchema.shape.email, 'email', ' ')?.key).toBe('validation.required');
    expect(checkField(registerBodySchema.shape.firstName, 'firstName', '')?.key).toBe('validation.required');
  });

  it('names the bound a value breaks', () => {
    expect(checkField(registerBodySchema.shape.firstName, 'firstName', 'x'.repeat(101))).toEqual({
      key: 'validation.tooLong',
      values: { max: 100 },
    });
    expect(checkField(registerBodySchema.shape.password, 'password', 'short')).toEqual({
      key: 'validation.passwordTooShort',
      values: { min: 12 },
    });
    expect(checkField(registerBodySchema.shape.email, 'email', 'not-an-email')?.key).toBe('validation.email');
  });

  it("gives the VAT number the country rule's own words", () => {
    expect(errorOf(companyInfoDataSchema, { ...company, vatNumber: '' }, 'vatNumber')?.key).toBe('validation.vatRequired');
    expect(errorOf(companyInfoDataSchema, { ...company, vatNumber: 'DE1234' }, 'vatNumber')?.key).toBe('validation.vatFormat');
    expect(errorOf(companyInfoDataSchema, { ...company, phone: '12a' }, 'phone')?.key).toBe('validation.digitsOnly');
  });

  it('says what format a licence key needs', () => {
    const keyRule = addLicenceKeyBodySchema.shape.licenseKey;
    expect(checkField(keyRule, 'licenseKey', 'abc')?.key).toBe('validation.licenceKeyFormat');
    expect(checkField(keyRule, 'licenseKey', '')?.key).toBe('validation.required');
    expect(checkField(keyRule, 'licenseKey', ' abcde-12345-fghij-klmno-pqrst ')).toBeNull();
  });

  it("keeps the web app's own key for passwords that differ, unless the confirmation is empty", () => {
    const schema = confirmingPassword(resetPasswordBodySchema.omit({ code: true }));
    const password = 'a long enough passphrase';
    expect(errorOf(schema, { password, passwordConfirmation: 'another passphrase' }, 'passwordConfirmation')?.key).toBe(
      'validation.passwordsMustMatch',
    );
    expect(errorOf(schema, { password, passwordConfirmation: '' }, 'passwordConfirmation')?.key).toBe('validation.required');
  });
});
