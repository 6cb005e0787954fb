import { z } from 'zod';
import { authResponseSchema } from './auth.ts';
import { lineSchema, oneTimeTokenSchema } from './common.ts';
import { authenticationResponseSchema, requestOptionsSchema } from './passkeys.ts';

/** A TOTP code (six digits) or a recovery code (`xxxxx-xxxxx-xxxxx`), as typed. */
export const secondFactorCodeSchema = lineSchema.trim().min(6).max(40);

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * A sign-in whose password was right but needs more (ADR 0020): `verify` asks a code of the user's
 * authenticator or a recovery code, or a passkey (`methods` names what the user has; with a passkey,
 * `passkeyOptions` are the options for `navigator.credentials.get()`, ADR 0023); `enrol` (their mill or the platform requires a second factor
 * and they have none) lets them only enrol one, which then signs them in.
 */
export const signInChallengeSchema = z.object({
  challenge: z.object({
    token: z.string(),
    kind: z.enum(['verify', 'enrol']),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    passkeyOptions: requestOptionsSchema.optional(),
    expiresAt: z.string(),
  }),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

/** What a sign-in answers: the session, or a challenge first. */
export const signInAnswerSchema = z.union([authResponseSchema, signInChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const secondFactorBodySchema = z.object({ token: oneTimeTokenSchema, code: secondFactorCodeSchema });
/** The `verify` challenge's second call: a code (TOTP or recovery), or a passkey's assertion. */
export const secondFactorAnswerSchema = z.union([
  secondFactorBodySchema,
  z.object({ token: oneTimeTokenSchema, passkey: authenticationResponseSchema }),
]);
export type SecondFactorAnswer = z.infer<typeof secondFactorAnswerSchema>;
export const challengeBodySchema = z.object({ token: oneTimeTokenSchema });

export const totpEnrolmentSchema = z.object({ uri: z.string(), secret: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const confirmTotpBodySchema = z.object({ code: secondFactorCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Enrolment through an `enrol` challenge ends signed in, with the codes shown once. */
export const enrolledSignInSchema = authResponseSchema.extend({ recoveryCodes: z.array(z.string()) });

export const disableTotpBodySchema = z.object({ password: z.string().min(1).max(1024), code: secondFactorCodeSchema });

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  /** How many passkeys the user has; one counts as a second factor (ADR 0023). */
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
  /** A mill of theirs or the platform requires a second factor of this user. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorRequirementSchema = z.object({ required: z.boolean() });
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;

/** The mill admin's view: the setting, and how many of the staff have no confirmed second factor yet. */
export const millTwoFactorRequirementSchema = twoFactorRequirementSchema.extend({ notEnrolled: z.number().int().min(0) });
export type MillTwoFactorRequirement = z.infer<typeof millTwoFactorRequirementSchema>;
