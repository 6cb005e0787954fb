import { useTranslation } from 'react-i18next';
import type { LicenceRow } from '@casebridge/shared/schemas/licence-tickets';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { formatLicenceDate } from './licence-key.ts';

/** Spec §3 licence rows, for the active and the ordered licences tabs. */
export function LicenceRowsTable({ rows, caption }: { rows: LicenceRow[]; caption: string }) {
  const { t } = useTranslation();
  const columns: DataTableColumn<LicenceRow>[] = [
    { key: 'code', header: t('licenceInfo.rows.code'), render: (row) => row.code, phone: 'title' },
    { key: 'name', header: t('licenceInfo.rows.name'), render: (row) => row.name },
    { key: 'itemId', header: t('licenceInfo.rows.itemId'), render: (row) => row.itemId },
    { key: 'licenseExp', header: t('licenceInfo.rows.licenseExp'), render: (row) => formatLicenceDate(row.licenseExp) },
    { key: 'maintenanceExp', header: t('licenceInfo.rows.maintenanceExp'), render: (row) => formatLicenceDate(row.maintenanceExp) },
    { key: 'permissions', header: t('licenceInfo.rows.permissions'), render: (row) => row.permissions },
    { key: 'featureMap', header: t('licenceInfo.rows.featureMap'), render: (row) => row.featureMapBinarySetBits },
    { key: 'formerDongleNo', header: t('licenceInfo.rows.formerDongleNo'), render: (row) => row.formerDongleNo },
    { key: 'information', header: t('licenceInfo.rows.information'), render: (row) => row.information },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(row) => `${row.code}|${row.itemId}`} caption={caption} />;
}
