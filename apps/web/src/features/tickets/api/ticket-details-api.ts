import { useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/licence-tickets';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export const ticketRegistrationQuery = (id: number) => endpointQuery(contracts.ticketRegistration, { params: { id } });

export const activeProductQuery = (id: number) => endpointQuery(contracts.activeProduct, { params: { id } });

/** Spec §3 Customer registration record of a ticket (404 TICKET_WITHOUT_CUSTOMER without a customer); asked only while a dialog is open. */
export function useTicketRegistration(ticketId: number, enabled: boolean) {
  return useQuery({ ...ticketRegistrationQuery(ticketId), enabled });
}

/** The activated licences of a ticket; an empty list is "No active product detail". */
export function useActiveProduct(ticketId: number, enabled: boolean) {
  return useQuery({ ...activeProductQuery(ticketId), enabled });
}
