import { Code, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketImportFailure, TicketImportLog } from '@casebridge/shared/schemas/ticket-imports';
import { BackgroundImportPanel, ImportLogView } from '../../../components/background-import/background-import-panel.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { Page } from '../../../components/page.tsx';
import { useTicketImport } from '../api/ticket-import-api.ts';

/** The columns a CSV export names in its header (README "Importing licence tickets"). */
const CSV_COLUMNS = 'key, dealerId, dongleId, productName, licenseExp, maintenanceExp, isNetwork, isCommercial, content';

/**
 * The manager's import of the licence server's ticket export (issue 14 "Where tickets come from"):
 * choose a .csv or .json file, upload it, watch the status while the job runs, read the failures.
 */
export function TicketImportPage() {
  const { t } = useTranslation();
  const backgroundImport = useTicketImport();
  const file = {
    accept: '.csv,.json,text/csv,application/json',
    pattern: /\.(csv|json)$/i,
    wrongFile: t('ticketImport.wrongFile'),
    icon: <IconFileImport size={16} aria-hidden />,
  };
  const help = (
    <>
      <Text size="sm">{t('ticketImport.helpJson')}</Text>
      <Text size="sm">
        {t('ticketImport.helpCsv')} <Code style={{ wordBreak: 'break-word' }}>{CSV_COLUMNS}</Code>
      </Text>
    </>
  );
  return (
    <Page title={t('ticketImport.title')}>
      <BackgroundImportPanel ns="ticketImport" backgroundImport={backgroundImport} file={file} help={help}>
        {(log) => <ImportLog log={log} />}
      </BackgroundImportPanel>
    </Page>
  );
}

function ImportLog({ log }: { log: TicketImportLog }) {
  const { t } = useTranslation();
  const summary = log.summary;
  const columns: DataTableColumn<TicketImportFailure>[] = [
    { key: 'line', header: t('ticketImport.line'), render: (failure) => failure.line, phone: 'title' },
    { key: 'key', header: t('ticketImport.key'), render: (failure) => failure.key || '–' },
    { key: 'reason', header: t('ticketImport.reason'), render: (failure) => failure.reason },
  ];
  const counts: [string, number][] = [
    [t('ticketImport.total'), summary.total],
    [t('ticketImport.created'), summary.created],
    [t('ticketImport.updated'), summary.updated],
    [t('ticketImport.failed'), summary.failed],
  ];
  return (
    <ImportLogView
      ns="ticketImport"
      log={log}
      counts={counts}
      error={summary.error}
      failures={log.failures}
      failed={summary.failed}
      columns={columns}
      rowKey={(failure) => failure.item}
    />
  );
}
