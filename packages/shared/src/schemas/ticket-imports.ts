import { z } from 'zod';

/**
 * The import of the licence server's ticket export (issue 14 "Where tickets come from"): its
 * status and log, as the manager's page shows them. Counted like the push answers: tickets created
 * and tickets refreshed, plus the rows that could not be applied.
 */
export const TICKET_IMPORT_FORMATS = ['csv', 'json'] as const;
export type TicketImportFormat = (typeof TICKET_IMPORT_FORMATS)[number];

/**
 * A row that was not applied. `item` counts the tickets of the file (1 = the first ticket);
 * `line` is where it starts in the file (in a CSV the header is line 1).
 */
export const ticketImportFailureSchema = z.object({ item: z.number(), line: z.number(), key: z.string(), reason: z.string() });
export type TicketImportFailure = z.infer<typeof ticketImportFailureSchema>;

export const ticketImportLogSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  format: z.enum(TICKET_IMPORT_FORMATS),
  state: z.enum(['running', 'done', 'failed']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  summary: z.object({
    /** Tickets read so far (created + updated + failed). */
    total: z.number(),
    created: z.number(),
    updated: z.number(),
    failed: z.number(),
    /** Why the whole import stopped early; null when every ticket was read. */
    error: z.string().nullable(),
  }),
  /** The failed tickets, first ones first, at most TICKET_FAILURES_SHOWN; `summary.failed` counts all. */
  failures: z.array(ticketImportFailureSchema),
});
export type TicketImportLog = z.infer<typeof ticketImportLogSchema>;

export const ticketImportStatusSchema = z.object({
  status: z.enum(['running', 'idle']),
  log: ticketImportLogSchema.nullable(),
});
export type TicketImportStatus = z.infer<typeof ticketImportStatusSchema>;

export const TICKET_FAILURES_SHOWN = 500;
