import { Alert, Badge, Button, Card, Code, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketImportFailure, TicketImportLog } from '@casebridge/shared/schemas/ticket-imports';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { uploadTicketExport, useSetTicketImportStatus, useTicketImportStatus } from '../api/ticket-import-api.ts';

/** The columns a CSV export names in its header (README "Importing licence tickets"). */
const CSV_COLUMNS = 'key, dealerId, dongleId, productName, licenseExp, maintenanceExp, isNetwork, isCommercial, content';

/**
 * The manager's import of the licence server's ticket export (issue 14 "Where tickets come from"):
 * choose a .csv or .json file, upload it, watch the status while the job runs, read the failures.
 */
export function TicketImportPage() {
  const { t } = useTranslation();
  const status = useTicketImportStatus();
  const running = status.data?.status === 'running';
  return (
    <Page title={t('ticketImport.title')}>
      <UploadCard running={running} />
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <Alert color="red">{describeError(t, status.error)}</Alert>
      ) : (
        <Stack mt="md">
          <Group>
            <Title order={2} size="h3">
              {t('ticketImport.status')}
            </Title>
            <Badge color={running ? 'blue' : 'gray'} aria-live="polite">
              {running ? t('ticketImport.running') : t('ticketImport.idle')}
            </Badge>
          </Group>
          {status.data.log ? <ImportLog log={status.data.log} /> : <Text c="dimmed">{t('ticketImport.noImportYet')}</Text>}
        </Stack>
      )}
    </Page>
  );
}

function UploadCard({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const setStatus = useSetTicketImportStatus();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (files.length !== 1 || !chosen || !/\.(csv|json)$/i.test(chosen.name)) {
      setFile(null);
      return setFileError(t('ticketImport.wrongFile'));
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      setStatus(await uploadTicketExport(file, setProgress));
      setFile(null);
    } catch (error) {
      notifyError(t, error);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('ticketImport.helpJson')}</Text>
          <Text size="sm">
            {t('ticketImport.helpCsv')} <Code style={{ wordBreak: 'break-word' }}>{CSV_COLUMNS}</Code>
          </Text>
          <Group>
            <FileField
              label={t('ticketImport.chooseFile')}
              accept=".csv,.json,text/csv,application/json"
              onFiles={choose}
              disabled={running || uploading}
              leftSection={<IconFileImport size={16} aria-hidden />}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t('ticketImport.noFile')}
            </Text>
          </Group>
          {fileError && (
            <Text c="red" size="sm" role="alert">
              {fileError}
            </Text>
          )}
          {running && <Text size="sm">{t('ticketImport.disabledWhileRunning')}</Text>}
          {uploading && <Progress value={progress} aria-label={t('ticketImport.uploadProgress')} />}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || running} loading={uploading}>
              {t('ticketImport.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ImportLog({ log }: { log: TicketImportLog }) {
  const { t } = useTranslation();
  const summary = log.summary;
  const figures: [string, string | number][] = [
    [t('ticketImport.fileName'), log.fileName],
    [t('ticketImport.startTime'), formatDateTime(log.startTime)],
    [t('ticketImport.endTime'), log.endTime ? formatDateTime(log.endTime) : '–'],
    [t('ticketImport.total'), summary.total],
    [t('ticketImport.created'), summary.created],
    [t('ticketImport.updated'), summary.updated],
    [t('ticketImport.failed'), summary.failed],
  ];
  const columns: DataTableColumn<TicketImportFailure>[] = [
    { key: 'line', header: t('ticketImport.line'), render: (failure) => failure.line, phone: 'title' },
    { key: 'key', header: t('ticketImport.key'), render: (failure) => failure.key || '–' },
    { key: 'reason', header: t('ticketImport.reason'), render: (failure) => failure.reason },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" aria-label={t('ticketImport.log')}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {summary.error && <Alert color="red">{t('ticketImport.stopped', { reason: summary.error })}</Alert>}
      {log.failures.length > 0 && (
        <>
          <Title order={3} size="h4">
            {t('ticketImport.failures')}
          </Title>
          {summary.failed > log.failures.length && <Text size="sm">{t('ticketImport.failuresShown', { shown: log.failures.length, count: summary.failed })}</Text>}
          <DataTable columns={columns} rows={log.failures} rowKey={(failure) => failure.item} caption={t('ticketImport.failures')} />
        </>
      )}
    </Stack>
  );
}
