import { messageResponseSchema } from '../schemas/common.ts';
import {
  challengeBodySchema,
  confirmTotpBodySchema,
  disableTotpBodySchema,
  enrolledSignInSchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
} from '../schemas/two-factor.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * One's own second factor (ADR 0020): enrolling an authenticator app during a sign-in that requires
 * one, and on the account page. Answering a challenge is in passkeys.ts (a code or a passkey).
 */
const tags = ['two-factor'] as const;
// 409: an authenticator is on already, or no enrolment waits for its code.
const refusals = { ...commonRefusals, 409: errorResponseSchema } as const;

export const startSignInEnrolment = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-in/enrolment',
  summary: 'Start enrolling an authenticator during a sign-in that requires one (an enrol challenge)',
  tags,
  access: 'public',
  body: challengeBodySchema,
  responses: { 200: totpEnrolmentSchema, ...refusals },
});

export const confirmSignInEnrolment = defineEndpoint({
  method: 'POST',
  path: '/auth/sign-in/enrolment/confirm',
  summary: 'Confirm the new authenticator with its first code: signs in and answers the recovery codes once',
  tags,
  access: 'public',
  body: secondFactorBodySchema,
  responses: { 200: enrolledSignInSchema, ...refusals },
});

export const twoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/users/me/two-factor',
  summary: 'Whether one signs in with a second factor, and whether it is required',
  tags,
  access: 'account.read',
  responses: { 200: twoFactorStatusSchema, ...commonRefusals },
});

export const startTotp = defineEndpoint({
  method: 'POST',
  path: '/users/me/two-factor/totp',
  summary: 'Start enrolling an authenticator app: its otpauth:// URI and secret',
  tags,
  access: 'account.update',
  responses: { 200: totpEnrolmentSchema, ...refusals },
});

export const confirmTotp = defineEndpoint({
  method: 'POST',
  path: '/users/me/two-factor/totp/confirm',
  summary: 'Confirm the authenticator with its first code; answers the ten recovery codes once',
  tags,
  access: 'account.update',
  body: confirmTotpBodySchema,
  responses: { 200: recoveryCodesSchema, ...refusals },
});

export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/users/me/two-factor/totp/disable',
  summary: 'Turn two-factor sign-in off (the password and a code)',
  tags,
  access: 'account.update',
  body: disableTotpBodySchema,
  responses: { 200: messageResponseSchema, ...refusals },
});
