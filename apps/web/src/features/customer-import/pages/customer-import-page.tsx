import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataImportLog } from '@casebridge/shared/schemas/customer-imports';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { uploadCustomerCsv, useImportStatus, useSetImportStatus } from '../api/customer-import-api.ts';

/** The manager's customer CSV import (spec manager-dealer §2, §4): choose, upload, watch the status and the log. */
export function CustomerImportPage() {
  const { t } = useTranslation();
  const status = useImportStatus();
  const running = status.data?.status === 'running';
  return (
    <Page title={t('customerImport.title')}>
      <UploadCard running={running} />
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <Alert color="red">{describeError(t, status.error)}</Alert>
      ) : (
        <Stack mt="md">
          <Group>
            <Title order={2} size="h3">
              {t('customerImport.status')}
            </Title>
            <Badge color={running ? 'blue' : 'gray'} aria-live="polite">
              {running ? t('customerImport.running') : t('customerImport.idle')}
            </Badge>
          </Group>
          {status.data.dataImportLog ? <ImportLog log={status.data.dataImportLog} /> : <Text c="dimmed">{t('customerImport.noImportYet')}</Text>}
        </Stack>
      )}
    </Page>
  );
}

function UploadCard({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const setStatus = useSetImportStatus();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (files: File[]) => {
    const [chosen] = files;
    // Spec §5: .csv only, a single file.
    if (files.length !== 1 || !chosen || !/\.csv$/i.test(chosen.name)) {
      setFile(null);
      return setFileError(t('customerImport.csvOnly'));
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      setStatus(await uploadCustomerCsv(file, setProgress));
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
          <Text size="sm">{t('customerImport.help')}</Text>
          <Group>
            <FileField label={t('customerImport.chooseFile')} accept=".csv,text/csv" onFiles={choose} disabled={running || uploading} leftSection={<IconFileTypeCsv size={16} aria-hidden />} />
            <Text size="sm">{file ? file.name : t('customerImport.noFile')}</Text>
          </Group>
          {fileError && (
            <Text c="red" size="sm" role="alert">
              {fileError}
            </Text>
          )}
          {running && <Text size="sm">{t('customerImport.disabledWhileRunning')}</Text>}
          {uploading && <Progress value={progress} aria-label={t('customerImport.uploadProgress')} />}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || running} loading={uploading}>
              {t('customerImport.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ImportLog({ log }: { log: DataImportLog }) {
  const { t } = useTranslation();
  const summary = log.importSummary;
  const figures: [string, string | number][] = [
    [t('customerImport.fileName'), log.fileName],
    [t('customerImport.startTime'), formatDateTime(log.startTime)],
    [t('customerImport.endTime'), log.endTime ? formatDateTime(log.endTime) : '–'],
    [t('customerImport.total'), summary.total],
    [t('customerImport.success'), summary.success],
    [t('customerImport.duplicates'), summary.duplicates],
    [t('customerImport.failed'), summary.errors],
  ];
  const columns: DataTableColumn<DataImportLog['failures'][number]>[] = [
    { key: 'row', header: t('customerImport.row'), render: (failure) => failure.row },
    { key: 'reason', header: t('customerImport.reason'), render: (failure) => failure.reason },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" aria-label={t('customerImport.log')}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {summary.error && <Alert color="red">{t('customerImport.stopped', { reason: summary.error })}</Alert>}
      {log.failures.length > 0 && (
        <>
          <Title order={3} size="h4">
            {t('customerImport.failures')}
          </Title>
          {summary.errors > log.failures.length && <Text size="sm">{t('customerImport.failuresShown', { shown: log.failures.length, count: summary.errors })}</Text>}
          <DataTable columns={columns} rows={log.failures} rowKey={(failure) => failure.row} caption={t('customerImport.failures')} />
        </>
      )}
    </Stack>
  );
}
