import * as contracts from '@casebridge/shared/contracts/ticket-imports';
import { useBackgroundImport } from '../../../components/background-import/use-background-import.ts';
import { callMultipart } from '../../../lib/api-call.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

const calls = {
  status: endpointQuery(contracts.ticketImportStatus, {}),
  upload: (file: File, onProgress: (sent: number, total: number) => void) =>
    callMultipart(contracts.uploadTicketExport, { data: {}, file, onProgress }),
};

/** The ticket export import's status and upload (`POST /ticket-imports`). */
export function useTicketImport() {
  return useBackgroundImport(calls, (status) => status.log);
}
