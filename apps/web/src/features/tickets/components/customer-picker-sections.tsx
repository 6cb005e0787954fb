import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus, IconUserMinus } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { customerName, type CustomerPickerMode, type TicketCustomerForm } from './use-customer-picker.ts';

interface CustomerRowProps {
  customer: DealerCustomer;
  current: boolean;
  readOnly: boolean;
  /** Whether the app handed in the customer form (edit or view). */
  canOpen: boolean;
  assigning: boolean;
  onOpen: () => void;
  onSelect: () => void;
}

/** One customer of the picker: its name, id and dealer, with edit or view and select. */
export function CustomerRow({ customer, current, readOnly, canOpen, assigning, onOpen, onSelect }: CustomerRowProps) {
  const { t } = useTranslation();
  const name = customerName(customer);
  return (
    <Paper component="li" withBorder p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {customer.customerInfo.customerId} · {customer.dealerInfo.dealerName}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap">
          {current && (
            <Badge variant="light" size="sm">
              {t('ticketDesk.customerPicker.currentBadge')}
            </Badge>
          )}
          {canOpen && (
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={
                readOnly ? t('ticketDesk.customerPicker.viewNamed', { name }) : t('ticketDesk.customerPicker.editNamed', { name })
              }
              onClick={onOpen}
            >
              {readOnly ? t('ticketDesk.customerPicker.view') : t('common.edit')}
            </Button>
          )}
          {!readOnly && (
            <Button
              size="compact-sm"
              disabled={current}
              loading={assigning}
              aria-label={t('ticketDesk.customerPicker.selectNamed', { name })}
              onClick={onSelect}
            >
              {t('ticketDesk.customerPicker.select')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

interface CustomerPickerActionsProps {
  canAdd: boolean;
  canClear: boolean;
  clearing: boolean;
  onAdd: () => void;
  onClear: () => void;
  onClose: () => void;
}

/** Under the list: add a new customer, clear the ticket's customer, close. */
export function CustomerPickerActions({ canAdd, canClear, clearing, onAdd, onClear, onClose }: CustomerPickerActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mt="xs">
      <Group gap="xs" wrap="wrap">
        {canAdd && (
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {t('ticketDesk.customerPicker.addNew')}
          </Button>
        )}
        {canClear && (
          <Button variant="subtle" color="red" leftSection={<IconUserMinus size={16} aria-hidden />} loading={clearing} onClick={onClear}>
            {t('ticketDesk.customerPicker.clear')}
          </Button>
        )}
      </Group>
      <Button variant="default" onClick={onClose}>
        {t('common.close')}
      </Button>
    </Group>
  );
}

interface CustomerFormPaneProps {
  form: TicketCustomerForm | undefined;
  mode: Exclude<CustomerPickerMode, { kind: 'list' }>;
  ticketDealer: DealerTicket['dealer'];
  backRef: Ref<HTMLButtonElement>;
  onBack: () => void;
  onSaved: (customer: DealerCustomer) => void;
}

/** The edit, view-only or add mode: Back to the list, and the customer form the app handed in. */
export function CustomerFormPane({ form: Form, mode, ticketDealer, backRef, onBack, onSaved }: CustomerFormPaneProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group>
        <Button ref={backRef} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t('ticketDesk.customerPicker.back')}
        </Button>
      </Group>
      {Form && (
        <Form
          key={mode.kind === 'add' ? 'new' : mode.customer.dealerCustomerId}
          customer={mode.kind === 'add' ? null : mode.customer}
          ticketDealer={ticketDealer}
          onSaved={onSaved}
        />
      )}
    </Stack>
  );
}
