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
export const oneTimeTokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The largest id there can be: ids are PostgreSQL `serial` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or query string, where every value arrives as text. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);

/** An id in a JSON body: a number, never text, and never beyond the column's range. */
export const bodyIdSchema = z.number().int().positive().max(MAX_ID);

/**
 * Text a person typed on one line (a name, a title, a search): no control characters at all.
 * PostgreSQL refuses NUL in text, and none of the others belongs in a name or shows in a mail.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const lineSchema = z.string().regex(/^[^\u0000-\u001f\u007f]*$/, 'Control characters are not allowed');

/** Text that may span lines (a message, a comment): tab, line feed and carriage return only. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const textSchema = z.string().regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'Control characters are not allowed');

export const fileRefSchema = z.object({ url: z.string() }).nullable();

export const messageResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
