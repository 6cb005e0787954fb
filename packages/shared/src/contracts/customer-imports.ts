import { importStatusSchema } from '../schemas/customer-imports.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, uploadRefusals } from './core.ts';

/**
 * The manager's customer CSV import (spec manager-dealer §7), run in the background. Both calls
 * answer the import's status: whether one runs, and the log (counts, failures) of the latest.
 */
const tags = ['customer import'] as const;

export const uploadCustomerCsv = defineEndpoint({
  method: 'POST',
  path: '/customers/import',
  summary: 'Import customers from a CSV file in the background (manager; multipart: files.file; refused while an import runs)',
  description:
    'Columns by header name in any order: customerId, dealerId (the reseller id), firstName, lastName, company ' +
    '(required), title, salutation, position, address1-3, zipCode, city, district, state, country, phone, ' +
    'email, webUrl, showInfoToOutOfMaintenanceUsers. UTF-8 or Windows-1252, comma or semicolon.',
  tags,
  access: 'customers.import',
  multipart: { file: 'file' },
  // 400: no file, or not a .csv; 409 IMPORT_ALREADY_RUNNING; 413: over 200 MB.
  responses: { 200: importStatusSchema, ...uploadRefusals, 409: errorResponseSchema },
});

export const customerImportStatus = defineEndpoint({
  method: 'GET',
  path: '/data-import-logs/active/import',
  summary: 'Whether a customer import runs, and the log of the latest one',
  tags,
  access: 'customers.import',
  responses: { 200: importStatusSchema, ...commonRefusals },
});
