import { z } from 'zod';
import { secondFactorCodeSchema } from './two-factor.ts';

/** Issue 28 part 4: a user takes (export) or erases (account deletion) their personal data. */

export const DATA_EXPORT_STATUSES = ['requested', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The user's latest export, as the account page shows it. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the mailed link stops working and the file is removed. */
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** The mailed link's token: 256 random bits, base64url. */
export const dataExportTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** Deleting one's account: the current password, and a code when the account has a second factor. */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1).max(1024),
  code: secondFactorCodeSchema.optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
