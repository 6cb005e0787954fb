import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftOrder } from '@casebridge/shared/schemas/orders';
import { formatDateTime } from '../../../lib/format.ts';

/** Offers to continue an order whose sending stopped (a reload, a closed tab), or to discard it. */
export function DraftOffer({
  draft,
  onContinue,
  onDiscard,
  discarding,
}: {
  draft: DraftOrder;
  onContinue: () => void;
  onDiscard: () => void;
  discarding: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const received = draft.components.reduce((sum, component) => sum + component.documents.length, 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Text fw={600} id={titleId}>
        {t('orders.draftOffer', { name: draft.name })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('orders.draftDetails', { date: formatDateTime(draft.created_at), count: received })}
      </Text>
      <Group mt="sm">
        <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onContinue}>
          {t('orders.continueDraft')}
        </Button>
        <Button size="xs" variant="default" color="red" loading={discarding} onClick={onDiscard}>
          {t('orders.discardDraft')}
        </Button>
      </Group>
    </Paper>
  );
}
