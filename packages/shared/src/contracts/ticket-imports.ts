import { ticketImportStatusSchema } from '../schemas/ticket-imports.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, uploadRefusals } from './core.ts';

/**
 * The import of the licence server's ticket export (issue 14 "Where tickets come from"), run in the
 * background. Both calls answer the import's status: whether one runs, and the latest one's log.
 */
const tags = ['ticket import'] as const;

const UPLOAD_DESCRIPTION = [
  "The licence server's export, applied in the background like a push (`POST /api/licence-server/tickets`): " +
    'unknown keys are created, known ones refreshed, and a ticket given to another dealer loses its customer.',
  'Multipart field `files.file`, one `.csv` or `.json` file; refused with 409 while an import runs.',
  '**JSON**: the push body `{"tickets": [{key, dealerCode, content}, ...]}` or just its array.',
  "**CSV**: a header row naming the columns in any order (comma or semicolon, UTF-8 or Windows-1252): `key` (the 5×5 ticket key) and `dealerId` (the dealer's public id) are required;",
  'either `content` (the whole licence content as JSON, as the push takes it) or the summary columns `dongleId`, ' +
    '`productName`, `licenseExp`, `maintenanceExp` (YYYY-MM-DD, empty for none), `isNetwork`, `isCommercial` ' +
    '(yes/no), which make a content with empty licence lists.',
  'Rows with a bad key, an unknown dealer, an impossible date or a broken content are skipped and logged with their line; the manager is mailed a summary at the end.',
].join(' ');

export const uploadTicketExport = defineEndpoint({
  method: 'POST',
  path: '/ticket-imports',
  summary: "Import tickets from the licence server's export (CSV or JSON) in the background (manager)",
  description: UPLOAD_DESCRIPTION,
  tags,
  access: 'tickets.import',
  multipart: { file: 'file' },
  // 400: no file, or neither .csv nor JSON; 409 TICKET_IMPORT_ALREADY_RUNNING; 413: over 1 GB.
  responses: { 200: ticketImportStatusSchema, ...uploadRefusals, 409: errorResponseSchema },
});

export const ticketImportStatus = defineEndpoint({
  method: 'GET',
  path: '/ticket-imports/status',
  summary: 'Whether a ticket import runs, and the log of the latest one (manager)',
  tags,
  access: 'tickets.import',
  responses: { 200: ticketImportStatusSchema, ...commonRefusals },
});
