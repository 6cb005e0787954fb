import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { formatDateTime } from '../../../lib/format.ts';
import { previewKind } from './preview-dialog.tsx';

export interface ListedFile {
  id: number;
  name: string;
  size: number;
  createdAt: string;
}

export interface FileListProps {
  files: ListedFile[];
  /** Names the list for screen readers, e.g. 'Documents'. */
  label: string;
  onDownload: (file: ListedFile) => void;
  onPreview?: (file: ListedFile) => void;
  onDelete?: (file: ListedFile) => void;
}

/** Documents or downloads of a component, each with its actions. */
export function FileList({ files, label, onDownload, onPreview, onDelete }: FileListProps) {
  const { t } = useTranslation();
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.noData')}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text id={`file-${file.id}-name`} size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)} · {formatDateTime(file.createdAt)}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              {onPreview && previewKind(file.name) && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEye size={14} aria-hidden />}
                  aria-describedby={`file-${file.id}-name`}
                  onClick={() => onPreview(file)}
                >
                  {t('orders.preview')}
                </Button>
              )}
              <Tooltip label={t('orders.downloadNamed', { name: file.name })} openDelay={100}>
                <ActionIcon variant="subtle" aria-label={t('orders.downloadNamed', { name: file.name })} onClick={() => onDownload(file)}>
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              {onDelete && (
                <Tooltip label={t('common.deleteNamed', { name: file.name })} openDelay={100}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.deleteNamed', { name: file.name })}
                    onClick={() => onDelete(file)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
