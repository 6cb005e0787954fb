import { useQuery } from '@tanstack/react-query';
import type { ActiveProductResponse, TicketRegistration } from '@casebridge/shared/schemas/licence-tickets';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §3 Customer registration record of a ticket (404 TICKET_WITHOUT_CUSTOMER without a customer); asked only while a dialog is open. */
export function useTicketRegistration(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['dealer-tickets', 'registration', ticketId],
    queryFn: ({ signal }) => apiRequest<TicketRegistration>(`/dealer-tickets/${ticketId}/registration`, { signal }),
    enabled,
  });
}

/** The activated licences of a ticket; an empty list is "No active product detail". */
export function useActiveProduct(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['dealer-tickets', 'active-product', ticketId],
    queryFn: ({ signal }) => apiRequest<ActiveProductResponse>(`/dealer-tickets/${ticketId}/active-product`, { signal }),
    enabled,
  });
}
