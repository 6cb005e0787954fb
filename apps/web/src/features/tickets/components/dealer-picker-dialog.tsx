import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerSummary } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMoveTicket, useTicketDealerOptions } from '../api/ticket-actions-api.ts';
import { DealerMoveConfirm, DealerRow } from './dealer-picker-sections.tsx';
import { PickerMore } from './picker-more.tsx';
import { PICKER_SEARCH_DEBOUNCE_MS, PickerRows } from './picker-rows.tsx';

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
        <DealerMoveConfirm
          ticket={ticket}
          target={target}
          moving={move.isPending}
          onBack={() => setTarget(null)}
          onConfirm={() => confirm(target)}
        />
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
          <PickerRows
            list={dealers}
            loadFailedTitle={t('ticketDesk.dealerPicker.loadFailed')}
            label={t('ticketDesk.dealerPicker.listLabel')}
          >
            {rows.map((dealer) => (
              <DealerRow key={dealer.id} dealer={dealer} current={ticket.dealer?.id === dealer.id} onChoose={() => setTarget(dealer)} />
            ))}
          </PickerRows>
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
