import type { z } from 'zod';

/** A field error as a translation key; `values` fill its placeholders (e.g. a maximum length). */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

/** What kind of rule a value broke, whatever words the shared schema gave it. */
export type Breach = 'required' | 'tooShort' | 'tooLong' | 'email' | 'format' | 'custom' | 'invalid';

const GENERIC: Record<Breach, string> = {
  required: 'validation.required',
  tooShort: 'validation.invalid',
  tooLong: 'validation.tooLong',
  email: 'validation.email',
  format: 'validation.invalid',
  custom: 'validation.invalid',
  invalid: 'validation.invalid',
};

/**
 * Where a form field's breach deserves more precise words than the generic ones, by field name.
 * Only words live here: the rules are the shared schemas' (packages/shared/src/schemas).
 */
const BY_FIELD: Record<string, Partial<Record<Breach, string>>> = {
  password: { tooShort: 'validation.passwordTooShort', tooLong: 'validation.passwordTooLong' },
  vatNumber: { required: 'validation.vatRequired', format: 'validation.lettersDigitsOnly', custom: 'validation.vatFormat' },
  phone: { format: 'validation.digitsOnly' },
  licenseKey: { format: 'validation.licenceKeyFormat' },
};

/** A form's own words for some breaches, by field name (the last step of its path); they win over the table above. */
export type FieldWords = Record<string, Partial<Record<Breach, string>>>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function breachOf(issue: z.core.$ZodIssue, value: unknown): Breach {
  // Whatever rule an empty field fails (a minimum, an email format, a conditional refinement),
  // a person reads it best as "required".
  if (isBlank(value)) return 'required';
  switch (issue.code) {
    case 'too_small':
      return 'tooShort';
    case 'too_big':
      return 'tooLong';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'format';
    case 'custom':
      return 'custom';
    default:
      return 'invalid';
  }
}

/**
 * The rule that refused a value. An "empty or valid" field (`z.union([z.literal(''), emailSchema])`)
 * fails as a union; its reason is the one of the alternative that got past the value's type.
 */
function ruleOf(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const inner = issue.errors.flat().find((candidate) => candidate.code !== 'invalid_value' && candidate.code !== 'invalid_type');
  return inner ? ruleOf(inner) : issue;
}

/**
 * The translated-message key for a failed rule of `field` (a field name, the last step of a nested
 * path), whose current value is `value`; `words` are the form's own for some of its fields.
 */
export function toFieldError(issue: z.core.$ZodIssue, field: string, value: unknown, words: FieldWords = {}): FieldError {
  const rule = ruleOf(issue);
  const breach = breachOf(rule, value);
  // Rules the web app adds itself (two password fields agreeing) name their key directly.
  const own = breach !== 'required' && rule.message.startsWith('validation.') ? rule.message : undefined;
  const key = own ?? words[field]?.[breach] ?? BY_FIELD[field]?.[breach] ?? GENERIC[breach];
  const values: Record<string, unknown> = {};
  if ('minimum' in rule) values.min = Number(rule.minimum);
  if ('maximum' in rule) values.max = Number(rule.maximum);
  return { key, values };
}

/** The first error one field's schema finds in a value, or null when the value is good. */
export function checkField(schema: z.ZodType, field: string, value: unknown): FieldError | null {
  const result = schema.safeParse(value);
  return result.success ? null : toFieldError(result.error.issues[0]!, field, value);
}
