import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketImportStatusSchema } from '@casebridge/shared/schemas/ticket-imports';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import { ticketImportStatus, uploadTicketExport } from './ticket-imports.service.ts';

const tags = ['ticket import'];
/** 100,000 tickets with full licence content take a few hundred MB. */
const MAX_EXPORT_BYTES = 1024 * 1024 * 1024;

/** What a text file's head may start with (after a byte order mark and blanks) to be JSON of tickets. */
function looksLikeJson(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text === '' || text.startsWith('[') || text.startsWith('{');
}

/**
 * A `.csv` or `.json` file. Neither has a signature: the name says which, a NUL byte in the head
 * shows a binary file (a renamed spreadsheet), and JSON must open with an array or an object.
 */
const TICKET_EXPORT = {
  field: 'file',
  prefix: 'ticket-imports',
  maxBytes: MAX_EXPORT_BYTES,
  sniff: (head: Buffer, filename: string) => {
    if (head.includes(0)) return null;
    if (/\.csv$/i.test(filename)) return 'text/csv';
    if (/\.json$/i.test(filename) && looksLikeJson(head)) return 'application/json';
    return null;
  },
  typeMessage: 'Please choose a .csv or .json file',
};

const DESCRIPTION = [
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

/** The import of the licence server's ticket export (issue 14 "Where tickets come from"). */
export function ticketImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/ticket-imports', {
      config: { access: 'tickets.import' },
      schema: {
        tags,
        summary: "Import tickets from the licence server's export (CSV or JSON) in the background (manager)",
        description: DESCRIPTION,
        ...multipartUpload('file'),
        security: bearerAuth,
        response: { 200: ticketImportStatusSchema, ...commonErrors },
      },
      handler: async (request) => uploadTicketExport(deps, callerOf(request), () => readFileForm(request, deps.storage, TICKET_EXPORT)),
    });

    app.get('/ticket-imports/status', {
      config: { access: 'tickets.import' },
      schema: {
        tags,
        summary: 'Whether a ticket import runs, and the log of the latest one (manager)',
        security: bearerAuth,
        response: { 200: ticketImportStatusSchema, ...commonErrors },
      },
      handler: async (request) => ticketImportStatus(deps, callerOf(request)),
    });
  };
}
