import { z } from 'zod';
import { passwordsMatch } from '@casebridge/shared/schemas/auth';

/**
 * Glue between a form and the shared request schemas (packages/shared): no rule is written here,
 * only how a form's fields feed them.
 */

/** A new password typed twice: the shared agreement rule, reported under the confirmation. */
export function confirmingPassword<S extends z.ZodType<{ password: string; passwordConfirmation: string }>>(schema: S) {
  return schema.refine(passwordsMatch, { path: ['passwordConfirmation'], message: 'validation.passwordsMustMatch' });
}

/** An optional field: left blank, it is not sent at all; whatever is typed meets the shared rule. */
export function blankAsAbsent<S extends z.ZodType<unknown, string | undefined>>(schema: S) {
  return z
    .string()
    .transform((value) => (value.trim() === '' ? undefined : value))
    .pipe(schema);
}
