import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { DataTable, type DataTableColumn } from '../data-table.tsx';
import { FileField } from '../file-field.tsx';
import { Loading } from '../loading.tsx';
import type { BackgroundImport } from './use-background-import.ts';

/** The file a kind of import takes: what the picker offers, what the name must match, and what it says otherwise. */
export interface ImportFileRule {
  accept: string;
  pattern: RegExp;
  wrongFile: string;
  icon: ReactNode;
}

interface BackgroundImportPanelProps<Log> {
  /** The translation keys' prefix (`customerImport`): status, upload and log texts are `<ns>.<name>`. */
  ns: string;
  backgroundImport: BackgroundImport<Log>;
  file: ImportFileRule;
  help: ReactNode;
  /** The latest import's log. */
  children: (log: Log) => ReactNode;
}

/** An import page's body: the upload card, the status (polled while running), the latest log. */
export function BackgroundImportPanel<Log>({ ns, backgroundImport, file, help, children }: BackgroundImportPanelProps<Log>) {
  const { t } = useTranslation();
  const { status, running, log } = backgroundImport;
  return (
    <>
      <UploadCard ns={ns} backgroundImport={backgroundImport} rule={file} help={help} />
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <Alert color="red">{describeError(t, status.error)}</Alert>
      ) : (
        <Stack mt="md">
          <Group>
            <Title order={2} size="h3">
              {t(`${ns}.status`)}
            </Title>
            <Badge color={running ? 'blue' : 'gray'} aria-live="polite">
              {running ? t(`${ns}.running`) : t(`${ns}.idle`)}
            </Badge>
          </Group>
          {log ? children(log) : <Text c="dimmed">{t(`${ns}.noImportYet`)}</Text>}
        </Stack>
      )}
    </>
  );
}

function UploadCard<Log>({
  ns,
  backgroundImport,
  rule,
  help,
}: {
  ns: string;
  backgroundImport: BackgroundImport<Log>;
  rule: ImportFileRule;
  help: ReactNode;
}) {
  const { t } = useTranslation();
  const { running, upload } = backgroundImport;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = (files: File[]) => {
    const [chosen] = files;
    // A single file of the kind's type (spec §5: the customer import takes .csv only).
    if (files.length !== 1 || !chosen || !rule.pattern.test(chosen.name)) {
      setFile(null);
      return setFileError(rule.wrongFile);
    }
    setFileError(null);
    setFile(chosen);
  };

  // Reports its own failures (notifyError), so the form handler need not wait for it.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      await upload(file, setProgress);
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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {help}
          <Group>
            <FileField
              label={t(`${ns}.chooseFile`)}
              accept={rule.accept}
              onFiles={choose}
              disabled={running || uploading}
              leftSection={rule.icon}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : t(`${ns}.noFile`)}
            </Text>
          </Group>
          {fileError && (
            <Text c="red" size="sm" role="alert">
              {fileError}
            </Text>
          )}
          {running && <Text size="sm">{t(`${ns}.disabledWhileRunning`)}</Text>}
          {uploading && <Progress value={progress} aria-label={t(`${ns}.uploadProgress`)} />}
          <Group>
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || running} loading={uploading}>
              {t(`${ns}.upload`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

interface ImportLogViewProps<Failure> {
  ns: string;
  log: { fileName: string; startTime: string; endTime: string | null };
  /** The kind's counts after file name and times, total first. */
  counts: [string, number][];
  /** Why the import stopped early; null when it read the whole file. */
  error: string | null;
  failures: Failure[];
  /** How many items failed in all (the log shows the first few). */
  failed: number;
  columns: DataTableColumn<Failure>[];
  rowKey: (failure: Failure) => string | number;
}

/** An import's log: its figures, why it stopped, the first failed rows. */
export function ImportLogView<Failure>({ ns, log, counts, error, failures, failed, columns, rowKey }: ImportLogViewProps<Failure>) {
  const { t } = useTranslation();
  const figures: [string, string | number][] = [
    [t(`${ns}.fileName`), log.fileName],
    [t(`${ns}.startTime`), formatDateTime(log.startTime)],
    [t(`${ns}.endTime`), log.endTime ? formatDateTime(log.endTime) : '–'],
    ...counts,
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" aria-label={t(`${ns}.log`)}>
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
      {error && <Alert color="red">{t(`${ns}.stopped`, { reason: error })}</Alert>}
      {failures.length > 0 && (
        <>
          <Title order={3} size="h4">
            {t(`${ns}.failures`)}
          </Title>
          {failed > failures.length && <Text size="sm">{t(`${ns}.failuresShown`, { shown: failures.length, count: failed })}</Text>}
          <DataTable columns={columns} rows={failures} rowKey={rowKey} caption={t(`${ns}.failures`)} />
        </>
      )}
    </Stack>
  );
}
