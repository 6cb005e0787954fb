/**
 * Every error the API returns carries one of these codes; the web app shows its translation
 * (`errors.<code>` in the locale files), so the list is shared and closed.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_BLOCKED',
  'EMAIL_NOT_CONFIRMED',
  'EMAIL_TAKEN',
  'ACTIVATION_KEY_INVALID',
  'ACTIVATION_KEY_UNKNOWN',
  'ACTIVATION_KEY_USED',
  'TOKEN_INVALID',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'PASSWORDS_DO_NOT_MATCH',
  'WRONG_CURRENT_PASSWORD',
  'LICENCE_KEY_INVALID',
  'LICENCE_KEY_TAKEN',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'CONFLICT',
  'SUBSCRIPTION_EXISTS',
  'NO_SUBSCRIPTION',
  'SUBSCRIPTION_NOT_CANCELLED',
  'PAYMENT_FAILED',
  'PLAN_LIMIT_REACHED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response (DESIGN §5). `errors` maps a field name to its error codes. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  errors?: Record<string, ErrorCode[]>;
}
