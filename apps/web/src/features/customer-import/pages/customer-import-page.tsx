import { Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataImportLog } from '@casebridge/shared/schemas/customer-imports';
import { BackgroundImportPanel, ImportLogView } from '../../../components/background-import/background-import-panel.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { Page } from '../../../components/page.tsx';
import { useCustomerImport } from '../api/customer-import-api.ts';

/** The manager's customer CSV import (spec manager-dealer §2, §4): choose, upload, watch the status and the log. */
export function CustomerImportPage() {
  const { t } = useTranslation();
  const backgroundImport = useCustomerImport();
  // Spec §5: .csv only, a single file.
  const file = {
    accept: '.csv,text/csv',
    pattern: /\.csv$/i,
    wrongFile: t('customerImport.csvOnly'),
    icon: <IconFileTypeCsv size={16} aria-hidden />,
  };
  return (
    <Page title={t('customerImport.title')}>
      <BackgroundImportPanel
        ns="customerImport"
        backgroundImport={backgroundImport}
        file={file}
        help={<Text size="sm">{t('customerImport.help')}</Text>}
      >
        {(log) => <ImportLog log={log} />}
      </BackgroundImportPanel>
    </Page>
  );
}

function ImportLog({ log }: { log: DataImportLog }) {
  const { t } = useTranslation();
  const summary = log.importSummary;
  const columns: DataTableColumn<DataImportLog['failures'][number]>[] = [
    { key: 'row', header: t('customerImport.row'), render: (failure) => failure.row },
    { key: 'reason', header: t('customerImport.reason'), render: (failure) => failure.reason },
  ];
  const counts: [string, number][] = [
    [t('customerImport.total'), summary.total],
    [t('customerImport.success'), summary.success],
    [t('customerImport.duplicates'), summary.duplicates],
    [t('customerImport.failed'), summary.errors],
  ];
  return (
    <ImportLogView
      ns="customerImport"
      log={log}
      counts={counts}
      error={summary.error}
      failures={log.failures}
      failed={summary.errors}
      columns={columns}
      rowKey={(failure) => failure.row}
    />
  );
}
