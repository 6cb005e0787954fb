import { Button, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §2/§4: what the mill can pass on to an invited lab, with a copy button. */
export function ActivationInstructionsDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={t('clients.instructionsTitle')} centered size="lg">
      <Stack>
        <Text size="sm">{t('clients.instructionsIntro')}</Text>
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <CopyButton value={message ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
