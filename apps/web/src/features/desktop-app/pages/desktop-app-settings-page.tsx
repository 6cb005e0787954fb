import { Alert, Button, Card, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_APP_MAX_BYTES, type DesktopAppRelease } from '@casebridge/shared/schemas/desktop-app';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { DesktopAppDownload, desktopAppQuery } from '../../../components/desktop-app-download.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { LabelledProgress } from '../../../components/labelled-progress.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError, fieldErrorText } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveDesktopApp, type DesktopAppChange } from '../api/desktop-app-api.ts';

type Source = 'file' | 'link';

/** `/manager/desktop-app`: the desktop app labs and mills download (issue 24 item 9). */
export function DesktopAppSettingsPage() {
  const { t } = useTranslation();
  const current = useQuery(desktopAppQuery);
  return (
    <Page title={t('desktopAppSettings.title')}>
      <Text c="dimmed">{t('desktopAppSettings.intro')}</Text>
      {current.isPending ? (
        <Loading />
      ) : current.isError ? (
        <Alert color="red">{describeError(t, current.error)}</Alert>
      ) : (
        // Keyed by the saved release, so the form starts again from what was stored.
        <DesktopAppForm key={current.data?.updatedAt ?? 'none'} current={current.data} />
      )}
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('desktopAppSettings.preview')}
          </Title>
          <DesktopAppDownload />
        </Stack>
      </Card>
    </Page>
  );
}

/** The form's fields, its checks (the server checks the same again) and the save with its progress. */
function useDesktopAppForm(current: DesktopAppRelease | null) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveDesktopApp((sent, total) => setPercent(total > 0 ? (sent / total) * 100 : 0));
  const [source, setSource] = useState<Source>(current?.kind ?? 'file');
  const [url, setUrl] = useState(current?.kind === 'link' ? current.url : '');
  const [version, setVersion] = useState(current?.version ?? '');
  const [releaseNotes, setReleaseNotes] = useState(current?.releaseNotes ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Partial<Record<'version' | 'url' | 'file', string>>>({});
  const keepsFile = current?.kind === 'file';

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (!chosen || files.length !== 1) return setProblems({ ...problems, file: t('orders.exactlyOneFile') });
    if (chosen.size > DESKTOP_APP_MAX_BYTES)
      return setProblems({ ...problems, file: t('desktopAppSettings.tooLarge', { size: formatBytes(DESKTOP_APP_MAX_BYTES) }) });
    setProblems({ ...problems, file: undefined });
    setFile(chosen);
  };

  /** What to send, or the problems that stop it; the server checks the same again. */
  const change = (): DesktopAppChange | null => {
    const found: typeof problems = {};
    if (!version.trim()) found.version = t('desktopAppSettings.versionRequired');
    if (source === 'link' && !/^https:\/\/\S+$/.test(url.trim())) found.url = t('desktopAppSettings.httpsOnly');
    if (source === 'file' && !file && !keepsFile) found.file = t('desktopAppSettings.fileRequired');
    setProblems(found);
    if (Object.keys(found).length > 0) return null;
    const details = { version: version.trim(), releaseNotes };
    if (source === 'link') return { ...details, url: url.trim() };
    return file ? { ...details, file } : details;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = change();
    if (!next) return;
    setPercent(null);
    save.mutate(next, {
      onSuccess: () => notifySuccess(t('desktopAppSettings.saved')),
      onError: (error) => notifyError(t, error),
    });
  };

  return {
    save,
    percent,
    source,
    setSource,
    url,
    setUrl,
    version,
    setVersion,
    releaseNotes,
    setReleaseNotes,
    file,
    choose,
    problems,
    submit,
  };
}

function DesktopAppForm({ current }: { current: DesktopAppRelease | null }) {
  const { t } = useTranslation();
  const form = useDesktopAppForm(current);
  const serverProblem = (field: string) => fieldErrorText(t, form.save.error, field);
  return (
    <Card withBorder>
      <form onSubmit={form.submit} noValidate>
        <Stack>
          <Radio.Group label={t('desktopAppSettings.source')} value={form.source} onChange={form.setSource}>
            <Group mt={6}>
              <Radio value="file" label={t('desktopAppSettings.sourceFile')} />
              <Radio value="link" label={t('desktopAppSettings.sourceLink')} />
            </Group>
          </Radio.Group>
          {form.source === 'link' ? (
            <TextInput
              label={t('desktopAppSettings.url')}
              description={t('desktopAppSettings.urlHint')}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={form.url}
              onChange={(event) => form.setUrl(event.currentTarget.value)}
              error={form.problems.url ?? serverProblem('url')}
              maxLength={2000}
              required
            />
          ) : (
            <InstallerFile
              file={form.file}
              keptName={current?.kind === 'file' ? current.fileName : null}
              onFiles={form.choose}
              problem={form.problems.file ?? serverProblem('file')}
            />
          )}
          <TextInput
            label={t('desktopAppSettings.version')}
            value={form.version}
            onChange={(event) => form.setVersion(event.currentTarget.value)}
            error={form.problems.version ?? serverProblem('version')}
            maxLength={40}
            required
            w={{ base: '100%', sm: 240 }}
          />
          <Textarea
            label={t('desktopAppSettings.releaseNotes')}
            value={form.releaseNotes}
            onChange={(event) => form.setReleaseNotes(event.currentTarget.value)}
            error={serverProblem('releaseNotes')}
            maxLength={4000}
            autosize
            minRows={4}
            maxRows={12}
          />
          {form.save.isPending && form.percent !== null && <UploadProgress percent={form.percent} />}
          <Group>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={form.save.isPending}>
              {t('desktopAppSettings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {t('desktopAppSettings.uploading', { percent: Math.round(percent) })}
      </Text>
      <LabelledProgress label={t('desktopAppSettings.uploadProgress')} value={percent} />
    </Stack>
  );
}

/** The installer to upload: the one chosen, else the one kept from the saved release. */
function InstallerFile(props: {
  file: File | null;
  keptName: string | null;
  onFiles: (files: File[]) => void;
  problem: string | undefined;
}) {
  const { file, keptName, onFiles, problem } = props;
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group>
        <FileField label={t('desktopAppSettings.chooseFile')} onFiles={onFiles} leftSection={<IconUpload size={16} aria-hidden />} />
        <Text size="sm" c={file ? undefined : 'dimmed'} aria-live="polite">
          {file
            ? `${file.name} (${formatBytes(file.size)})`
            : keptName !== null
              ? t('desktopAppSettings.keepsFile', { name: keptName })
              : t('orders.noFileChosen')}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('desktopAppSettings.fileHint', { size: formatBytes(DESKTOP_APP_MAX_BYTES) })}
      </Text>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
