import { z } from 'zod';
import { MILL_ROLES } from '../constants/roles.ts';
import { emailSchema, lineSchema } from './common.ts';
import { listQuerySchema } from './paging.ts';

export const MILL_USER_SORT_FIELDS = ['created_at', 'firstName', 'lastName', 'email', 'millRole'] as const;

export const millUserListQuerySchema = listQuerySchema(MILL_USER_SORT_FIELDS, 'created_at:desc').extend({
  millRole: z.enum(MILL_ROLES).optional(),
});

export const millUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  millRole: z.enum(MILL_ROLES),
  confirmed: z.boolean(),
});
export type MillUser = z.infer<typeof millUserSchema>;

export const millUserBodySchema = z.strictObject({
  firstName: lineSchema.trim().min(1).max(100),
  lastName: lineSchema.trim().min(1).max(100),
  email: emailSchema,
  millRole: z.enum(MILL_ROLES).default('user'),
});
