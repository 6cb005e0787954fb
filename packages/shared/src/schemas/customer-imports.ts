import { z } from 'zod';

/** The customer CSV import's status and log (spec manager-dealer §3 Import status/log, §7). */
export const importFailureSchema = z.object({ row: z.number(), reason: z.string() });

export const dataImportLogSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  importSummary: z.object({
    total: z.number(),
    success: z.number(),
    duplicates: z.number(),
    errors: z.number(),
    /** Why the whole import stopped early; null when every row was read. */
    error: z.string().nullable(),
  }),
  /** The failed rows, first ones first, at most FAILURES_SHOWN; `importSummary.errors` counts all. */
  failures: z.array(importFailureSchema),
});
export type DataImportLog = z.infer<typeof dataImportLogSchema>;

export const importStatusSchema = z.object({
  status: z.enum(['running', 'idle']),
  dataImportLog: dataImportLogSchema.nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** How many failed rows the status shows; the mail and the counts cover all of them. */
export const FAILURES_SHOWN = 500;
