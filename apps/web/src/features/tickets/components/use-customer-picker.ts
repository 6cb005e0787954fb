import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerCustomer } from '@casebridge/shared/schemas/dealers';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAssignTicketCustomer, useTicketCustomerOptions } from '../api/ticket-actions-api.ts';
import { PICKER_SEARCH_DEBOUNCE_MS } from './picker-rows.tsx';

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

export type CustomerPickerMode =
  { kind: 'list' } | { kind: 'edit'; customer: DealerCustomer } | { kind: 'view'; customer: DealerCustomer } | { kind: 'add' };

export function customerName(customer: DealerCustomer): string {
  const info = customer.customerInfo;
  const person = [info.firstName, info.lastName].filter(Boolean).join(' ');
  return [info.company, person].filter(Boolean).join(', ') || info.customerId;
}

/** The customer picker's data: its mode, the searched customers, the assignment and where focus goes. */
export function useCustomerPicker(ticket: DealerTicket, onClose: () => void) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<CustomerPickerMode>({ kind: 'list' });
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

  /** True while the assignment of this customer (null: the clearing) is on its way. */
  const assigning = (dealerCustomerId: number | null) => assign.isPending && assign.variables.dealerCustomerId === dealerCustomerId;

  return { mode, setMode, search, setSearch, dealerId, customers, choose, assigning, searchRef, backRef };
}
