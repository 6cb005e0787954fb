import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/file-field.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { isAcceptedDocument } from '@casebridge/shared/constants/orders';
import { uploadDownloadFile } from '../api/uploads.ts';
import { DOCUMENT_ACCEPT } from './document-picker.ts';
import { UploadProgress } from './upload-progress.tsx';

export interface UploadDownloadDialogProps {
  opened: boolean;
  projectId: number;
  componentId: number;
  onClose: () => void;
  onUploaded: () => void;
}

/**
 * The name the document is stored under. The API takes it from the form's file name and checks
 * the file's type by that name's extension, so a typed name keeps the chosen file's extension.
 */
export function documentFileName(name: string, file: File): string {
  const trimmed = name.trim();
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot) : '';
  return trimmed.toLowerCase().endsWith(extension.toLowerCase()) ? trimmed : `${trimmed}${extension}`;
}

/** The dialog's name, file, progress and error, and its three actions. */
function useUploadDownload({ projectId, componentId, onClose, onUploaded }: Omit<UploadDownloadDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);

  const close = () => {
    if (progress !== null) return;
    setName('');
    setNameError(null);
    setFile(null);
    setError(null);
    onClose();
  };

  const choose = (files: File[]) => {
    setError(null);
    if (files.length !== 1) {
      setError(t('orders.exactlyOneFile'));
      return;
    }
    const [chosen] = files;
    if (!isAcceptedDocument(chosen!.name)) {
      setFile(null);
      setError(t('orders.fileTypeRejectedNamed', { name: chosen!.name }));
      return;
    }
    setFile(chosen!);
    // A name not typed yet (or still the previous file's) becomes the chosen file's own.
    if (!name.trim() || name === file?.name) {
      setName(chosen!.name);
      setNameError(null);
    }
  };

  const upload = async () => {
    const nameMissing = !name.trim();
    setNameError(nameMissing ? t('validation.required') : null);
    if (!file) setError(t('orders.exactlyOneFile'));
    if (nameMissing || !file) return;
    setError(null);
    setProgress({ sent: 0, total: file.size });
    try {
      await uploadDownloadFile(file, documentFileName(name, file), { projectId, componentId }, (sent, total) =>
        setProgress({ sent, total }),
      );
      setProgress(null);
      setName('');
      setFile(null);
      onUploaded();
    } catch (reason) {
      setProgress(null);
      setError(describeError(t, reason));
    }
  };

  const rename = (value: string) => {
    setName(value);
    setNameError(null);
  };
  return { name, rename, nameError, file, error, progress, close, choose, upload };
}

/** Spec §5 upload form: a name (required) and exactly one file, handed back to the lab on this component. */
export function UploadDownloadDialog({ opened, ...props }: UploadDownloadDialogProps) {
  const { t } = useTranslation();
  const dialog = useUploadDownload(props);
  return (
    <Modal opened={opened} onClose={dialog.close} title={t('orders.uploadFile')} centered>
      <Stack>
        <Text size="sm">{t('orders.uploadFileIntro')}</Text>
        <TextInput
          label={t('orders.name')}
          description={t('orders.uploadNameHint')}
          required
          data-autofocus
          value={dialog.name}
          error={dialog.nameError}
          disabled={dialog.progress !== null}
          onChange={(event) => dialog.rename(event.currentTarget.value)}
        />
        <Group>
          <FileField label={t('orders.file')} accept={DOCUMENT_ACCEPT} onFiles={dialog.choose} disabled={dialog.progress !== null} />
          <Text size="sm" c={dialog.file ? undefined : 'dimmed'} aria-live="polite">
            {dialog.file ? `${dialog.file.name} (${formatBytes(dialog.file.size)})` : t('orders.noFileChosen')}
          </Text>
        </Group>
        {dialog.progress !== null && (
          <UploadProgress
            label={t('orders.fileProgress', { name: dialog.file?.name ?? '' })}
            sent={dialog.progress.sent}
            total={dialog.progress.total}
            status="uploading"
          />
        )}
        {dialog.error && (
          <Alert color="red" role="alert">
            {dialog.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={dialog.close} disabled={dialog.progress !== null}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => void dialog.upload()}
            loading={dialog.progress !== null}
          >
            {t('orders.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
