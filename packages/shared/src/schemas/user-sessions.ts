import { z } from 'zod';

/** How a session was signed in (ADR 0021). */
export const SIGN_IN_METHODS = ['password', 'two-factor', 'confirmation-link', 'reset-link', 'invitation', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One place the user is signed in, as the account page lists it. */
export const userSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  ip: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token this list was asked with. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionListSchema = z.object({ sessions: z.array(userSessionSchema) });

export const endedSessionsSchema = z.object({ ended: z.number().int() });
