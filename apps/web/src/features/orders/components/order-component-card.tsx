import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { DocumentDropZone, type FileUploadState } from './document-drop-zone.tsx';
import { COMPONENT_NAME_RULE, type DraftComponent, type DraftComponents } from './use-new-order.ts';

const COMPONENT_NAME_MAX = maxLengthOf(COMPONENT_NAME_RULE);

export interface OrderComponentCardProps {
  component: DraftComponent;
  index: number;
  /** The name's error once sending was tried. */
  error: string | null;
  namesLocked: boolean;
  filesLocked: boolean;
  /** An order keeps at least one component. */
  removable: boolean;
  uploads: Record<string, FileUploadState>;
  draft: DraftComponents;
}

/** One component of a new order: its name and its files, numbered in the order's list. */
export function OrderComponentCard({
  component,
  index,
  error,
  namesLocked,
  filesLocked,
  removable,
  uploads,
  draft,
}: OrderComponentCardProps) {
  const { t } = useTranslation();
  const title = component.name.trim() || t('orders.componentNumber', { number: index + 1 });
  return (
    <Paper withBorder p="md" component="fieldset" style={{ margin: 0 }}>
      <Text component="legend" fw={600} px={4}>
        {t('orders.componentNumber', { number: index + 1 })}
      </Text>
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('orders.componentName')}
            required
            maxLength={COMPONENT_NAME_MAX}
            value={component.name}
            disabled={namesLocked}
            error={error}
            onChange={(event) => draft.rename(component.key, event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={error ? 22 : 2}
            disabled={namesLocked || !removable}
            aria-label={t('orders.removeComponent', { name: title })}
            onClick={() => draft.remove(component.key)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <DocumentDropZone
          label={t('orders.filesOf', { name: title })}
          files={component.files}
          received={component.received}
          uploads={uploads}
          disabled={filesLocked}
          onAdd={(files) => draft.addFiles(component.key, files)}
          onRemove={(key) => draft.removeFile(component.key, key)}
        />
      </Stack>
    </Paper>
  );
}
