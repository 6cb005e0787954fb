import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { CustomerFormPane, CustomerPickerActions, CustomerRow } from './customer-picker-sections.tsx';
import { PickerMore } from './picker-more.tsx';
import { PickerRows } from './picker-rows.tsx';
import { useCustomerPicker, type TicketCustomerForm } from './use-customer-picker.ts';

export type { TicketCustomerForm, TicketCustomerFormProps } from './use-customer-picker.ts';

export interface CustomerPickerDialogProps {
  ticket: DealerTicket;
  /** Spec §2: the read-only variant, for a signed-in dealer that is not the root dealer. */
  readOnly: boolean;
  customerForm?: TicketCustomerForm;
  onClose: () => void;
}

/**
 * Spec manager-dealer §2 customer picker: the customers of the ticket's dealer (and its
 * sub-dealers, as the server accepts them) with a search; select, edit, add new, back, close;
 * modes list, edit, view-only and add new.
 */
export function CustomerPickerDialog({ ticket, readOnly, customerForm: Form, onClose }: CustomerPickerDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const { mode, setMode, search, setSearch, dealerId, customers, choose, assigning, searchRef, backRef } = useCustomerPicker(
    ticket,
    onClose,
  );
  const title = {
    edit: () => t('ticketDesk.customerPicker.editTitle'),
    view: () => t('ticketDesk.customerPicker.viewTitle'),
    add: () => t('ticketDesk.customerPicker.addTitle'),
    list: () => t('ticketDesk.customerPicker.title', { key: ticket.key }),
  }[mode.kind]();

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {mode.kind === 'list' ? (
        <Stack gap="sm">
          <Text size="sm">
            {ticket.customer
              ? t('ticketDesk.customerPicker.current', {
                  name: ticket.customer.name || ticket.customer.customerId,
                  id: ticket.customer.customerId,
                })
              : t('ticketDesk.customerPicker.none')}
          </Text>
          {readOnly && <Alert color="blue">{t('ticketDesk.customerPicker.readOnly')}</Alert>}
          <TextInput
            ref={searchRef}
            label={t('ticketDesk.customerPicker.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
          <PickerRows
            list={customers}
            asked={dealerId !== null}
            loadFailedTitle={t('ticketDesk.customerPicker.loadFailed')}
            label={t('ticketDesk.customerPicker.listLabel')}
          >
            {(customers.data?.rows ?? []).map((customer) => (
              <CustomerRow
                key={customer.dealerCustomerId}
                customer={customer}
                current={ticket.customer?.id === customer.dealerCustomerId}
                readOnly={readOnly}
                canOpen={Form !== undefined}
                assigning={assigning(customer.dealerCustomerId)}
                onOpen={() => setMode(readOnly ? { kind: 'view', customer } : { kind: 'edit', customer })}
                onSelect={() => choose(customer)}
              />
            ))}
          </PickerRows>
          <PickerMore list={customers} />
          <CustomerPickerActions
            canAdd={!readOnly && Form !== undefined}
            canClear={!readOnly && ticket.customer !== null}
            clearing={assigning(null)}
            onAdd={() => setMode({ kind: 'add' })}
            onClear={() => choose(null)}
            onClose={onClose}
          />
        </Stack>
      ) : (
        <CustomerFormPane
          form={Form}
          mode={mode}
          ticketDealer={ticket.dealer}
          backRef={backRef}
          onBack={() => setMode({ kind: 'list' })}
          onSaved={(saved) => {
            // A new customer is found at once: the list comes back searched for its id.
            if (mode.kind === 'add') setSearch(saved.customerInfo.customerId);
            setMode({ kind: 'list' });
          }}
        />
      )}
    </Modal>
  );
}
