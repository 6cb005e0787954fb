import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconFolderOpen, IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../components/file-field.tsx';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { DOCUMENT_ACCEPT, droppedFiles, type PickedFile } from './document-picker.ts';
import { UploadProgress } from './upload-progress.tsx';

export interface FileUploadState {
  progress: number;
  /** Bytes the server holds of the file so far, and its size. */
  sent: number;
  total: number;
  status: 'pending' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** A document the server already holds (a continued draft). */
export interface ReceivedFile {
  id: number;
  name: string;
  size: number;
}

export interface DocumentDropZoneProps {
  /** Names the zone: 'Files of <component>'. */
  label: string;
  files: PickedFile[];
  received?: ReceivedFile[];
  uploads?: Record<string, FileUploadState>;
  onAdd: (files: File[]) => void;
  onRemove?: (key: string) => void;
  disabled?: boolean;
}

/** Files for one component: choose files or a folder, or drop them onto the zone. */
export function DocumentDropZone({ label, files, received = [], uploads = {}, onAdd, onRemove, disabled }: DocumentDropZoneProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  return (
    <div
      role="region"
      aria-label={label}
      className="drop-zone"
      data-active={active || undefined}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setActive(true);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={(event) => {
        event.preventDefault();
        setActive(false);
        if (disabled) return;
        void droppedFiles(event.dataTransfer).then((dropped) => dropped.length > 0 && onAdd(dropped));
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t('orders.dropHint')}
        </Text>
        <Group gap="xs">
          <FileField
            label={t('orders.chooseFiles')}
            multiple
            accept={DOCUMENT_ACCEPT}
            onFiles={onAdd}
            disabled={disabled}
            size="xs"
            leftSection={<IconPaperclip size={14} aria-hidden />}
          />
          <FileField
            label={t('orders.chooseFolder')}
            directory
            onFiles={onAdd}
            disabled={disabled}
            size="xs"
            leftSection={<IconFolderOpen size={14} aria-hidden />}
          />
        </Group>
        {received.length > 0 && <ReceivedList received={received} />}
        {files.length > 0 && (
          <Stack gap={6} component="ul" style={LIST_STYLE} aria-label={t('orders.chosenFiles')}>
            {files.map((picked) => {
              return <PickedItem key={picked.key} picked={picked} state={uploads[picked.key]} onRemove={disabled ? undefined : onRemove} />;
            })}
          </Stack>
        )}
      </Stack>
    </div>
  );
}

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Documents the server already holds, from an earlier visit to this draft. */
function ReceivedList({ received }: { received: ReceivedFile[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ul" style={LIST_STYLE} aria-label={t('orders.receivedFiles')}>
      {received.map((file) => (
        <li key={file.id}>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {file.name}{' '}
            <Text span c="dimmed" size="xs">
              ({formatBytes(file.size)})
            </Text>
            <Text span c="teal" size="xs" ml={6}>
              {t('orders.receivedFile')}
            </Text>
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** A chosen file: its size, why it is refused, its upload's progress, and removal until it is uploaded. */
function PickedItem({
  picked,
  state,
  onRemove,
}: {
  picked: PickedFile;
  state: FileUploadState | undefined;
  onRemove?: (key: string) => void;
}) {
  const { t } = useTranslation();
  const error = picked.rejected
    ? t('orders.fileTypeRejected', { extension: picked.rejected.extension || '—' })
    : state?.status === 'failed'
      ? t('orders.uploadFailed', { reason: state.error ?? '' })
      : null;
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {picked.displayName}{' '}
          <Text span c="dimmed" size="xs">
            ({formatBytes(picked.file.size)})
          </Text>
          {state?.status === 'done' && (
            <Text span c="teal" size="xs" ml={6}>
              {t('orders.uploaded')}
            </Text>
          )}
        </Text>
        {onRemove && state?.status !== 'done' && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('orders.removeFile', { name: picked.displayName })}
            onClick={() => onRemove(picked.key)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {state && !picked.rejected && state.status !== 'pending' && (
        <UploadProgress
          label={t('orders.fileProgress', { name: picked.displayName })}
          sent={state.sent}
          total={state.total}
          status={state.status}
        />
      )}
    </li>
  );
}
