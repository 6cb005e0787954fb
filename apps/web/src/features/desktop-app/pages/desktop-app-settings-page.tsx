import { Alert, Button, Card, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  DESKTOP_APP_MAX_BYTES,
  desktopAppDetailsSchema,
  desktopAppLinkSchema,
  type DesktopAppRelease,
} from '@casebridge/shared/schemas/desktop-app';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { DesktopAppDownload, desktopAppQuery } from '../../../components/desktop-app-download.tsx';
import { FileField } from '../../../components/file-field.tsx';
import { LabelledProgress } from '../../../components/labelled-progress.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm, type FormValues } from '../../../lib/use-form.ts';
import { useSaveDesktopApp, type DesktopAppChange } from '../api/desktop-app-api.ts';

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

/**
 * The form: the release's details with the shared rules, where the download comes from, and the
 * installer chosen (a file, not sent until saved). The link is checked by the server's own rule.
 */
const desktopAppFormSchema = z.object({
  ...desktopAppDetailsSchema.shape,
  source: z.enum(['file', 'link']),
  url: z.string(),
  file: z.custom<File | null>((value) => value === null || value instanceof File),
});
type DesktopAppValues = FormValues<typeof desktopAppFormSchema>;

const initialValuesOf = (current: DesktopAppRelease | null): DesktopAppValues => ({
  source: current?.kind ?? 'file',
  url: current?.kind === 'link' ? current.url : '',
  version: current?.version ?? '',
  releaseNotes: current?.releaseNotes ?? '',
  file: null,
});

/** What to send: a new link, a new installer, or (keeping the current download) only the details. */
function changeOf(values: z.output<typeof desktopAppFormSchema>): DesktopAppChange {
  const details = { version: values.version, releaseNotes: values.releaseNotes };
  if (values.source === 'link') return { ...details, url: values.url.trim() };
  return values.file ? { ...details, file: values.file } : details;
}

/** The form's fields, its checks (the server checks the same again) and the save with its progress. */
function useDesktopAppForm(current: DesktopAppRelease | null) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveDesktopApp((sent, total) => setPercent(total > 0 ? (sent / total) * 100 : 0));
  const keepsFile = current?.kind === 'file';
  const form = useForm({
    initialValues: initialValuesOf(current),
    schema: desktopAppFormSchema,
    rules: ({ source, url, file }) => ({
      url: source === 'link' && !desktopAppLinkSchema.safeParse(url.trim()).success ? 'desktopAppSettings.httpsOnly' : undefined,
      file: source === 'file' && !file && !keepsFile ? 'desktopAppSettings.fileRequired' : undefined,
    }),
    words: { version: { required: 'desktopAppSettings.versionRequired' } },
  });
  useUnsavedChangesGuard(form.dirty);

  const choose = (files: File[]) => {
    const [chosen] = files;
    if (!chosen || files.length !== 1) return form.setError('file', { key: 'orders.exactlyOneFile' });
    if (chosen.size > DESKTOP_APP_MAX_BYTES)
      return form.setError('file', { key: 'desktopAppSettings.tooLarge', values: { size: formatBytes(DESKTOP_APP_MAX_BYTES) } });
    form.setValue('file', chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    setPercent(null);
    save.mutate(changeOf(data), {
      onSuccess: () => {
        form.reset(form.values);
        notifySuccess(t('desktopAppSettings.saved'));
      },
      // Without a download to keep, the server names the link; on the file side that is the installer.
      onError: (error) => {
        const fields: Record<string, 'file'> = form.values.source === 'file' ? { url: 'file' } : {};
        if (!form.applyServerErrors(error, { fields })) notifyError(t, error);
      },
    });
  };

  return { form, save, percent, choose, submit };
}

function DesktopAppForm({ current }: { current: DesktopAppRelease | null }) {
  const { t } = useTranslation();
  const { form, save, percent, choose, submit } = useDesktopAppForm(current);
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Radio.Group
            label={t('desktopAppSettings.source')}
            value={form.values.source}
            onChange={(value) => form.setValue('source', value === 'link' ? 'link' : 'file')}
          >
            <Group mt={6}>
              <Radio value="file" label={t('desktopAppSettings.sourceFile')} />
              <Radio value="link" label={t('desktopAppSettings.sourceLink')} />
            </Group>
          </Radio.Group>
          {form.values.source === 'link' ? (
            <TextInput
              label={t('desktopAppSettings.url')}
              description={t('desktopAppSettings.urlHint')}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.textProps('url')}
              maxLength={2000}
              required
            />
          ) : (
            <InstallerFile
              file={form.values.file}
              keptName={current?.kind === 'file' ? current.fileName : null}
              onFiles={choose}
              problem={form.errorText('file')}
            />
          )}
          <TextInput
            label={t('desktopAppSettings.version')}
            {...form.textProps('version')}
            maxLength={40}
            required
            w={{ base: '100%', sm: 240 }}
          />
          <Textarea
            label={t('desktopAppSettings.releaseNotes')}
            {...form.textProps('releaseNotes')}
            maxLength={4000}
            autosize
            minRows={4}
            maxRows={12}
          />
          {save.isPending && percent !== null && <UploadProgress percent={percent} />}
          <Group>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={save.isPending}>
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
