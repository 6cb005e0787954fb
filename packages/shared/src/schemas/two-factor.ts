import { z } from 'zod';
import { authResponseSchema } from './auth.ts';
import { lineSchema, oneTimeTokenSchema } from './common.ts';

/** A TOTP code (six digits) or a recovery code (`xxxxx-xxxxx-xxxxx`), as typed. */
export const secondFactorCodeSchema = lineSchema.trim().min(6).max(40);

export const SECOND_FACTOR_METHODS = ['totp', 'recovery'] as const;

/**
 * A sign-in whose password was right but needs more (ADR 0020): `verify` asks a code of the user's
 * authenticator or a recovery code; `enrol` (their mill or the platform requires a second factor
 * and they have none) lets them only enrol one, which then signs them in.
 */
export const signInChallengeSchema = z.object({
  challenge: z.object({
    token: z.string(),
    kind: z.enum(['verify', 'enrol']),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    expiresAt: z.string(),
  }),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

/** What a sign-in answers: the session, or a challenge first. */
export const signInAnswerSchema = z.union([authResponseSchema, signInChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const secondFactorBodySchema = z.object({ token: oneTimeTokenSchema, code: secondFactorCodeSchema });
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
