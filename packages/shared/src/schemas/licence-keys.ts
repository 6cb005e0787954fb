import { z } from 'zod';
import { LICENCE_KEY_PATTERN } from '../constants/licence-key.ts';
import { bodyIdSchema } from './common.ts';
import { listQuerySchema } from './paging.ts';

export const LICENCE_KEY_SORT_FIELDS = ['licenseKey', 'created_at'] as const;
export const licenceKeyListQuerySchema = listQuerySchema(LICENCE_KEY_SORT_FIELDS, 'licenseKey:asc');

export const licenceKeySchema = z.object({
  id: z.number(),
  licenseKey: z.string(),
  enableDataCollection: z.boolean(),
  createdAt: z.string(),
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
