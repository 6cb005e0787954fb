import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/passwords.ts';

/** Emails are compared case-insensitively; trimming and lower-casing here keeps one canonical form. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

/** Length only: the server also refuses common passwords (see the API's password module). */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** A one-time token as sent in links: base64url, never an object or array (DESIGN §6). */
export const oneTimeTokenSchema = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const fileRefSchema = z.object({ url: z.string() }).nullable();

export const messageResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
