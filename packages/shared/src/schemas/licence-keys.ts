import { z } from 'zod';
import { LICENCE_KEY_PATTERN } from '../constants/licence-key.ts';
import { bodyIdSchema } from './common.ts';
import { TICKET_STATUSES } from './licence-tickets.ts';
import { listQuerySchema } from './paging.ts';

export const LICENCE_KEY_SORT_FIELDS = ['licenseKey', 'created_at'] as const;
export const licenceKeyListQuerySchema = listQuerySchema(LICENCE_KEY_SORT_FIELDS, 'licenseKey:asc');

/**
 * The expiry of the licence ticket with the key's text (issue 14, the ticket as the thread through
 * the product), in the desk's terms: status, whole days left (UTC) and the calendar day.
 */
export const licenceKeyTicketExpirySchema = z.object({
  status: z.enum(TICKET_STATUSES),
  expiryInDays: z.number().nullable(),
  licenceExpiry: z.string().nullable(),
});
export type LicenceKeyTicketExpiry = z.infer<typeof licenceKeyTicketExpirySchema>;

export const licenceKeySchema = z.object({
  id: z.number(),
  licenseKey: z.string(),
  enableDataCollection: z.boolean(),
  createdAt: z.string(),
  /** In the list only: null when the licence store holds no ticket with this key. */
  ticketExpiry: licenceKeyTicketExpirySchema.nullable().optional(),
});
export type LicenceKey = z.infer<typeof licenceKeySchema>;

export const addLicenceKeyBodySchema = z.strictObject({
  millId: bodyIdSchema,
  licenseKey: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().regex(LICENCE_KEY_PATTERN, 'Invalid Key Format')),
  enableDataCollection: z.boolean(),
});
export const updateLicenceKeyBodySchema = z.strictObject({ enableDataCollection: z.boolean() });
