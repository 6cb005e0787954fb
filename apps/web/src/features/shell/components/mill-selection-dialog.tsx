import { Avatar, Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';

/** Asks a user of several mills which one to work in, once; the choice is stored. */
export function MillSelectionDialog({ mills, onSelect }: { mills: MillSummary[]; onSelect: (millId: number) => void }) {
  const { t } = useTranslation();
  const first = mills[0];
  return (
    <Modal opened onClose={() => first && onSelect(first.id)} title={t('millSelection.title')} centered>
      <Stack>
        <Text size="sm">{t('millSelection.message')}</Text>
        {mills.map((mill) => (
          <Button
            key={mill.id}
            variant="default"
            justify="flex-start"
            leftSection={<Avatar src={mill.company.logo?.url} size={24} radius="sm" alt="" />}
            onClick={() => onSelect(mill.id)}
          >
            {mill.company.name}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
