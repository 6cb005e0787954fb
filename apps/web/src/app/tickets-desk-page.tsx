import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/loading.tsx';
import { describeError } from '../lib/error-message.ts';
import { CustomerForm } from '../features/dealers/components/customer-form.tsx';
import { useDealerContext } from '../features/dealers/components/use-dealer-context.ts';
import type { TicketCustomerFormProps } from '../features/tickets/components/customer-picker-dialog.tsx';
import { TicketsPage } from '../features/tickets/pages/tickets-page.tsx';

/**
 * The customers feature's form inside the ticket desk's customer picker. The form needs who is
 * signed in (manager, or a dealer user with its dealer loaded) to decide what is read-only, and
 * the ticket's dealer, where the manager's new customer goes.
 */
function TicketCustomerForm({ customer, ticketDealer, onSaved }: TicketCustomerFormProps) {
  const { t } = useTranslation();
  const { context, error } = useDealerContext();
  if (error) return <Alert color="red">{describeError(t, error)}</Alert>;
  if (!context) return <Loading />;
  return <CustomerForm customer={customer} context={context} newCustomerDealer={ticketDealer} onSaved={onSaved} />;
}

/**
 * The ticket desk with the customer form handed in: the desk (features/tickets) and the customer
 * form (features/dealers) are different features, which never import each other, so the app layer
 * composes them here, as it composes the mill settings page.
 */
export function TicketsDeskPage() {
  return <TicketsPage customerForm={TicketCustomerForm} />;
}
