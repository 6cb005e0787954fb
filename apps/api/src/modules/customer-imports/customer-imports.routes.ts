import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importStatusSchema } from '@casebridge/shared/schemas/customer-imports';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import { importStatus, uploadCustomerCsv } from './customer-imports.service.ts';

const tags = ['customer import'];
/** 100,000 customers take about 20 MB; room for long addresses and many more rows. */
const MAX_CSV_BYTES = 200 * 1024 * 1024;

/**
 * One `.csv` file (spec §5: CSV import accepts .csv only). A CSV has no signature: the name says
 * what it is, and a NUL byte in its head shows a binary file (a spreadsheet saved as .xlsx, renamed).
 */
const CUSTOMER_CSV = {
  field: 'file',
  prefix: 'customer-imports',
  maxBytes: MAX_CSV_BYTES,
  sniff: (head: Buffer, filename: string) => (/\.csv$/i.test(filename) && !head.includes(0) ? 'text/csv' : null),
  typeMessage: 'Please choose a .csv file',
};

/** The customer CSV import (spec manager-dealer §7). */
export function customerImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/customers/import', {
      config: { access: 'customers.import' },
      schema: {
        tags,
        summary: 'Import customers from a CSV file in the background (manager; multipart: files.file; refused while an import runs)',
        description:
          'Columns by header name in any order: customerId, dealerId (the reseller id), firstName, lastName, company ' +
          '(required), title, salutation, position, address1-3, zipCode, city, district, state, country, phone, ' +
          'email, webUrl, showInfoToOutOfMaintenanceUsers. UTF-8 or Windows-1252, comma or semicolon.',
        ...multipartUpload('file'),
        security: bearerAuth,
        response: { 200: importStatusSchema, ...commonErrors },
      },
      handler: async (request) => uploadCustomerCsv(deps, callerOf(request), () => readFileForm(request, deps.storage, CUSTOMER_CSV)),
    });

    app.get('/data-import-logs/active/import', {
      config: { access: 'customers.import' },
      schema: {
        tags,
        summary: 'Whether a customer import runs, and the log of the latest one',
        security: bearerAuth,
        response: { 200: importStatusSchema, ...commonErrors },
      },
      handler: async (request) => importStatus(deps, callerOf(request)),
    });
  };
}
