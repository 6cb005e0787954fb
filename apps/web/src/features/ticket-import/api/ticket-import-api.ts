import type { TicketImportLog, TicketImportStatus } from '@casebridge/shared/schemas/ticket-imports';
import { useBackgroundImport } from '../../../components/background-import/use-background-import.ts';

const TICKET_IMPORT = { key: 'ticket-import', statusPath: '/ticket-imports/status', uploadPath: '/ticket-imports' };

/** The ticket export import's status and upload (`POST /ticket-imports`). */
export function useTicketImport() {
  return useBackgroundImport<TicketImportStatus, TicketImportLog>(TICKET_IMPORT, (status) => status.log);
}
