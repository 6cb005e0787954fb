import * as contracts from '@casebridge/shared/contracts/customer-imports';
import { useBackgroundImport } from '../../../components/background-import/use-background-import.ts';
import { callMultipart } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

const calls = {
  status: endpointQuery(contracts.customerImportStatus, {}),
  upload: (file: File, onProgress: (sent: number, total: number) => void) =>
    callMultipart(contracts.uploadCustomerCsv, { data: {}, file, onProgress }),
};

/** The customer CSV import's status and upload (`POST /customers/import`). */
export function useCustomerImport() {
  return useBackgroundImport(calls, (status) => status.dataImportLog);
}
