import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMoveTicket, useTicketDealerOptions } from '../api/ticket-actions-api.ts';
import { PickerMore } from './picker-more.tsx';

const PICKER_SEARCH_DEBOUNCE_MS = 300;

/**
 * Spec manager-dealer §2 dealer picker, §4: pick a dealer of one's subtree, confirm, and the ticket
 * moves there with its customer reset (a customer belongs to the old dealer's tree, not the new one's).
 */
export function DealerPickerDialog({ ticket, onClose }: { ticket: DealerTicket; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const [target, setTarget] = useState<DealerSummary | null>(null);
  const dealers = useTicketDealerOptions(debounced);
  const move = useMoveTicket();
  const rows = dealers.data?.rows ?? [];

  const confirm = (dealer: DealerSummary) =>
    move.mutate(
      { id: ticket.id, dealerId: dealer.id },
      {
        onSuccess: () => {
          notifySuccess(t('ticketDesk.dealerPicker.moved', { key: ticket.key, dealer: dealer.name }));
          onClose();
        },
        onError: (error) => notifyError(t, error, t('ticketDesk.dealerPicker.moveFailed')),
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={target ? t('ticketDesk.dealerPicker.confirmTitle') : t('ticketDesk.dealerPicker.title', { key: ticket.key })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target ? (
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
            <Button variant="default" onClick={() => setTarget(null)} data-autofocus autoFocus>
              {t('ticketDesk.dealerPicker.back')}
            </Button>
            <Button onClick={() => confirm(target)} loading={move.isPending}>
              {t('ticketDesk.dealerPicker.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {ticket.dealer
              ? t('ticketDesk.dealerPicker.current', { dealer: `${ticket.dealer.dealerCode} – ${ticket.dealer.name}` })
              : t('ticketDesk.dealerPicker.noDealer')}
          </Text>
          <TextInput
            label={t('ticketDesk.dealerPicker.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
            autoFocus
          />
          {dealers.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Group>
          ) : dealers.isError ? (
            <Alert color="red" title={t('ticketDesk.dealerPicker.loadFailed')}>
              {describeError(t, dealers.error)}
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('common.noData')}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('ticketDesk.dealerPicker.listLabel')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {rows.map((dealer) => {
                const current = ticket.dealer?.id === dealer.id;
                return (
                  <Paper key={dealer.id} component="li" withBorder p="xs">
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
                        <Button
                          size="compact-sm"
                          aria-label={t('ticketDesk.dealerPicker.chooseNamed', { dealer: dealer.name })}
                          onClick={() => setTarget(dealer)}
                        >
                          {t('ticketDesk.dealerPicker.choose')}
                        </Button>
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          <PickerMore list={dealers} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
