import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';

interface DealerMoveConfirmProps {
  ticket: DealerTicket;
  target: DealerSummary;
  moving: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** The question before a move: the new dealer, and that the ticket's customer is reset. */
export function DealerMoveConfirm({ ticket, target, moving, onBack, onConfirm }: DealerMoveConfirmProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('ticketDesk.dealerPicker.confirmMessage', { key: ticket.key, dealer: `${target.dealerId} – ${target.name}` })}
      </Text>
      <Alert color="orange">
        {ticket.customer
          ? t('ticketDesk.dealerPicker.customerReset', { name: ticket.customer.name || ticket.customer.customerId })
          : t('ticketDesk.dealerPicker.customerResetNone')}
      </Alert>
      <Group justify="flex-end" wrap="wrap" gap="xs">
        {/* The question opens on Back, as the shared confirmation opens on Cancel: a hasty Enter moves nothing. */}
        <Button variant="default" onClick={onBack} data-autofocus autoFocus>
          {t('ticketDesk.dealerPicker.back')}
        </Button>
        <Button onClick={onConfirm} loading={moving}>
          {t('ticketDesk.dealerPicker.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One dealer of the picker: the ticket's own is marked, any other can be chosen. */
export function DealerRow({ dealer, current, onChoose }: { dealer: DealerSummary; current: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {dealer.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {dealer.dealerId}
          </Text>
        </Stack>
        {current ? (
          <Badge variant="light" size="sm">
            {t('ticketDesk.dealerPicker.currentBadge')}
          </Badge>
        ) : (
          <Button size="compact-sm" aria-label={t('ticketDesk.dealerPicker.chooseNamed', { dealer: dealer.name })} onClick={onChoose}>
            {t('ticketDesk.dealerPicker.choose')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
