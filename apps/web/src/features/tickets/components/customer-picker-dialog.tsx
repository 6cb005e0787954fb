import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPlus, IconSearch, IconUserMinus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { usePhoneLayout } from '../../../components/use-phone-layout.ts';
import { describeError } from '../../../lib/error-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAssignTicketCustomer, useTicketCustomerOptions } from '../api/ticket-actions-api.ts';
import { PickerMore } from './picker-more.tsx';

/** Spec §9 searches the dealer tables after a pause; a picker answers sooner, as the dealer select does. */
const PICKER_SEARCH_DEBOUNCE_MS = 300;

export interface TicketCustomerFormProps {
  /** The customer to edit or view; null adds a new one. */
  customer: DealerCustomer | null;
  /**
   * The ticket's dealer. A new customer is created under it, also when the manager (who has no
   * dealer of its own) adds one: the form must not let it land elsewhere, or it could not be
   * assigned to this ticket (the server accepts only customers of the ticket's dealer's subtree).
   */
  ticketDealer: DealerTicket['dealer'];
  onSaved: (customer: DealerCustomer) => void;
}

/**
 * The customer form of the customers feature. Features never import each other, so the app layer
 * hands it in (app/tickets-desk-page.tsx), as it composes the mill settings page; the form itself
 * decides what is read-only (spec §5/§6), so edit and view-only are the same form.
 */
export type TicketCustomerForm = ComponentType<TicketCustomerFormProps>;

type Mode = { kind: 'list' } | { kind: 'edit'; customer: DealerCustomer } | { kind: 'view'; customer: DealerCustomer } | { kind: 'add' };

export interface CustomerPickerDialogProps {
  ticket: DealerTicket;
  /** Spec §2: the read-only variant, for a signed-in dealer that is not the root dealer. */
  readOnly: boolean;
  customerForm?: TicketCustomerForm;
  onClose: () => void;
}

export function customerName(customer: DealerCustomer): string {
  const info = customer.customerInfo;
  const person = [info.firstName, info.lastName].filter(Boolean).join(' ');
  return [info.company, person].filter(Boolean).join(', ') || info.customerId;
}

/**
 * Spec manager-dealer §2 customer picker: the customers of the ticket's dealer (and its
 * sub-dealers, as the server accepts them) with a search; select, edit, add new, back, close;
 * modes list, edit, view-only and add new.
 */
export function CustomerPickerDialog({ ticket, readOnly, customerForm: Form, onClose }: CustomerPickerDialogProps) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const dealerId = ticket.dealer?.id ?? null;
  const customers = useTicketCustomerOptions(dealerId, debounced);
  const assign = useAssignTicketCustomer();
  const searchRef = useRef<HTMLInputElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  // Focus follows the mode: a form opens on its Back button, the list on its search again, so a
  // keyboard or screen-reader user never lands on a control that just vanished.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    (mode.kind === 'list' ? searchRef.current : backRef.current)?.focus();
  }, [mode.kind]);

  const choose = (customer: DealerCustomer | null) =>
    assign.mutate(
      { id: ticket.id, dealerCustomerId: customer?.dealerCustomerId ?? null },
      {
        onSuccess: () => {
          notifySuccess(
            customer
              ? t('ticketDesk.customerPicker.assigned', { name: customerName(customer), key: ticket.key })
              : t('ticketDesk.customerPicker.cleared', { key: ticket.key }),
          );
          onClose();
        },
        onError: (error) => notifyError(t, error, t('ticketDesk.customerPicker.assignFailed')),
      },
    );

  const title =
    mode.kind === 'edit'
      ? t('ticketDesk.customerPicker.editTitle')
      : mode.kind === 'view'
        ? t('ticketDesk.customerPicker.viewTitle')
        : mode.kind === 'add'
          ? t('ticketDesk.customerPicker.addTitle')
          : t('ticketDesk.customerPicker.title', { key: ticket.key });

  const rows = customers.data?.rows ?? [];

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
          {customers.isPending && dealerId !== null ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Group>
          ) : customers.isError ? (
            <Alert color="red" title={t('ticketDesk.customerPicker.loadFailed')}>
              {describeError(t, customers.error)}
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('common.noData')}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('ticketDesk.customerPicker.listLabel')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {rows.map((customer) => {
                const name = customerName(customer);
                const current = ticket.customer?.id === customer.dealerCustomerId;
                return (
                  <Paper key={customer.dealerCustomerId} component="li" withBorder p="xs">
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
                        {Form && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            aria-label={
                              readOnly
                                ? t('ticketDesk.customerPicker.viewNamed', { name })
                                : t('ticketDesk.customerPicker.editNamed', { name })
                            }
                            onClick={() => setMode(readOnly ? { kind: 'view', customer } : { kind: 'edit', customer })}
                          >
                            {readOnly ? t('ticketDesk.customerPicker.view') : t('common.edit')}
                          </Button>
                        )}
                        {!readOnly && (
                          <Button
                            size="compact-sm"
                            disabled={current}
                            loading={assign.isPending && assign.variables.dealerCustomerId === customer.dealerCustomerId}
                            aria-label={t('ticketDesk.customerPicker.selectNamed', { name })}
                            onClick={() => choose(customer)}
                          >
                            {t('ticketDesk.customerPicker.select')}
                          </Button>
                        )}
                      </Group>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          <PickerMore list={customers} />
          <Group justify="space-between" wrap="wrap" gap="xs" mt="xs">
            <Group gap="xs" wrap="wrap">
              {!readOnly && Form && (
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setMode({ kind: 'add' })}>
                  {t('ticketDesk.customerPicker.addNew')}
                </Button>
              )}
              {!readOnly && ticket.customer && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconUserMinus size={16} aria-hidden />}
                  loading={assign.isPending && assign.variables.dealerCustomerId === null}
                  onClick={() => choose(null)}
                >
                  {t('ticketDesk.customerPicker.clear')}
                </Button>
              )}
            </Group>
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group>
            <Button
              ref={backRef}
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setMode({ kind: 'list' })}
            >
              {t('ticketDesk.customerPicker.back')}
            </Button>
          </Group>
          {Form && (
            <Form
              key={mode.kind === 'add' ? 'new' : mode.customer.dealerCustomerId}
              customer={mode.kind === 'add' ? null : mode.customer}
              ticketDealer={ticket.dealer}
              onSaved={(saved) => {
                // A new customer is found at once: the list comes back searched for its id.
                if (mode.kind === 'add') setSearch(saved.customerInfo.customerId);
                setMode({ kind: 'list' });
              }}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
