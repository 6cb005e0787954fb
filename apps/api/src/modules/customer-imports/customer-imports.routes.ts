import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/customer-imports';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { importStatus, uploadCustomerCsv } from './customer-imports.service.ts';

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

/** The customer CSV import (spec manager-dealer §7); its routes come from contracts/customer-imports.ts (ADR 0022). */
export function customerImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(contracts.uploadCustomerCsv),
      handler: async (request) => uploadCustomerCsv(deps, callerOf(request), () => readFileForm(request, deps.storage, CUSTOMER_CSV)),
    });

    app.route({
      ...fromContract(contracts.customerImportStatus),
      handler: async (request) => importStatus(deps, callerOf(request)),
    });
  };
}
