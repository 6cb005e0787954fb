import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/ticket-imports';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { ticketImportStatus, uploadTicketExport } from './ticket-imports.service.ts';

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

/** The import of the licence server's ticket export (issue 14); its routes come from contracts/ticket-imports.ts (ADR 0022). */
export function ticketImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.uploadTicketExport),
      handler: async (request) => uploadTicketExport(deps, callerOf(request), () => readFileForm(request, deps.storage, TICKET_EXPORT)),
    });

    app.route({
      ...fromContract(contracts.ticketImportStatus),
      handler: async (request) => ticketImportStatus(deps, callerOf(request)),
    });
  };
}
