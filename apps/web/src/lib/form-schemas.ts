import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@casebridge/shared/constants/passwords';

/** Browser-side mirrors of the server's auth rules; messages are translation keys. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .pipe(z.email('validation.email'));

export const newPasswordField = z
  .string()
  .min(1, 'validation.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong');

export const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const passwordPair = {
  password: newPasswordField,
  passwordConfirmation: z.string().min(1, 'validation.required'),
};

export const passwordsMatch = (value: { password: string; passwordConfirmation: string }) =>
  value.password === value.passwordConfirmation;

export const passwordsMatchIssue = { path: ['passwordConfirmation'], message: 'validation.passwordsMustMatch' };

export const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');
