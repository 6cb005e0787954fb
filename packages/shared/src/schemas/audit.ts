import { z } from 'zod';
import { idSchema } from './common.ts';

/** A kind of action or object: dotted words, as the server writes them (`order.status.changed`). */
const kindSchema = z.string().regex(/^[A-Za-z0-9.-]{1,100}$/, 'letters, digits, dots and hyphens');

/**
 * The audit list's query (issue 28): newest first, keyset paging (`before`: the `next` of the page
 * before; an offset would read a million entries to skip them), filters by time, actor, action and object.
 */
export const auditListQuerySchema = z.object({
  _limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z
    .string()
    .regex(/^\d{13}-\d{1,15}$/, 'the next value of the previous page')
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  actorId: idSchema.optional(),
  action: kindSchema.optional(),
  objectKind: kindSchema.optional(),
  objectId: z
    .string()
    .regex(/^[A-Za-z0-9@._+-]{1,254}$/)
    .optional(),
  locale: z.string().max(5).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({
    userId: z.number().nullable(),
    /** First and last name as they are now; null when no user (a job) or no such row. */
    name: z.string().nullable(),
    /** The account was deleted: its row is pseudonymised, so no name is shown (docs/privacy.md). */
    deleted: z.boolean(),
    tenant: z.object({ kind: z.string(), id: z.number().nullable() }).nullable(),
    ip: z.string().nullable(),
  }),
  action: z.string(),
  object: z.object({ kind: z.string(), id: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Chained by the sealing job (within a minute of the change). */
  sealed: z.boolean(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({ data: z.array(auditEntrySchema), next: z.string().nullable() });
