import { z } from 'zod';
import { listQuerySchema } from './paging.ts';
import { bodyIdSchema, emailSchema, lineSchema, textSchema } from './common.ts';

export const CLIENT_SORT_FIELDS = ['created_at', 'firstName', 'lastName', 'email', 'companyName'] as const;

export const clientListQuerySchema = listQuerySchema(CLIENT_SORT_FIELDS, 'created_at:desc').extend({
  status: z.enum(['any', 'active', 'inactive']).default('any'),
});

/** A lab as a client of one mill (spec §3 "Client user"): the person and the relation's state. */
export const clientSchema = z.object({
  id: z.number(),
  labId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Null until the lab accepts: a mill sees nothing of a lab's own records before it agrees. */
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  contactPerson: z.string(),
  confirmed: z.boolean(),
  status: z.enum(['active', 'inactive']),
  blockedByMill: z.boolean(),
  blockedBySystem: z.boolean(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const addClientBodySchema = z.strictObject({
  firstName: lineSchema.trim().min(1).max(100),
  lastName: lineSchema.trim().min(1).max(100),
  email: emailSchema,
  activationMessage: textSchema.trim().min(1).max(2000),
});

export const addClientResponseSchema = z.object({ user: clientSchema, confirmed: z.boolean() });

export const blockStatusBodySchema = z.strictObject({ userId: bodyIdSchema, blockedByMill: z.boolean() });
export const blockStatusResponseSchema = z.object({ userId: z.number(), blockedByMill: z.boolean() });
