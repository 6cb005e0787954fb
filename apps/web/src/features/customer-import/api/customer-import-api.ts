import type { DataImportLog, ImportStatus } from '@casebridge/shared/schemas/customer-imports';
import { useBackgroundImport } from '../../../components/background-import/use-background-import.ts';

const CUSTOMER_IMPORT = { key: 'customer-import', statusPath: '/data-import-logs/active/import', uploadPath: '/customers/import' };

/** The customer CSV import's status and upload (`POST /customers/import`). */
export function useCustomerImport() {
  return useBackgroundImport<ImportStatus, DataImportLog>(CUSTOMER_IMPORT, (status) => status.dataImportLog);
}
