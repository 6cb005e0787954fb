import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import {
  activeProductResponseSchema,
  dealerTicketSchema,
  MAX_TICKET_BATCH,
  ticketArchiveBodySchema,
  ticketBatchArchiveBodySchema,
  ticketBatchResponseSchema,
  ticketCustomerBodySchema,
  ticketDealerBodySchema,
  ticketDealersResponseSchema,
  ticketExternalBodySchema,
  ticketListQuerySchema,
  ticketRegistrationSchema,
} from '../schemas/licence-tickets.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * The dealers' ticket desk (spec manager-dealer §2 dealer tickets): the list, its dealer filter,
 * the per-row changes and the registration and active product dialogs. The licence content
 * lookups are in licence-info.ts. A ticket outside one's subtree answers 404 like an unknown one.
 */
const tags = ['licence tickets'] as const;
const ticketParams = z.object({ id: idSchema });

export const listTickets = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets',
  summary: "The tickets of one's dealer subtree (the manager: all), searchable, filtered, sorted and paged",
  tags,
  access: 'tickets.list',
  query: ticketListQuerySchema,
  responses: { 200: listResponseSchema(dealerTicketSchema), ...commonRefusals },
});

export const listTicketDealers = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets/dealers',
  summary: "The dealers of one's subtree that have tickets (the desk's dealer filter)",
  tags,
  access: 'tickets.list',
  responses: { 200: ticketDealersResponseSchema, ...commonRefusals },
});

export const assignTicketCustomer = defineEndpoint({
  method: 'PUT',
  path: '/dealer-tickets/:id/customer',
  // 400: the customer is not of the ticket dealer's subtree (a missing one answers alike).
  summary: "Assign a customer of the ticket dealer's subtree, or none (top-level dealers and the manager)",
  tags,
  access: 'tickets.assign',
  params: ticketParams,
  body: ticketCustomerBodySchema,
  responses: { 200: dealerTicketSchema, ...commonRefusals },
});

export const moveTicket = defineEndpoint({
  method: 'PUT',
  path: '/dealer-tickets/:id/dealer',
  summary: "Move the ticket to another dealer of one's subtree; its customer is reset",
  tags,
  access: 'tickets.move',
  params: ticketParams,
  body: ticketDealerBodySchema,
  responses: { 200: dealerTicketSchema, ...commonRefusals },
});

export const setTicketExternal = defineEndpoint({
  method: 'PUT',
  path: '/dealer-tickets/:id/external',
  summary: 'Set the external customer id and description (top-level dealers and the manager)',
  tags,
  access: 'tickets.setExternal',
  params: ticketParams,
  body: ticketExternalBodySchema,
  responses: { 200: dealerTicketSchema, ...commonRefusals },
});

export const archiveTicket = defineEndpoint({
  method: 'PUT',
  path: '/dealer-tickets/:id/archived',
  summary: 'Archive or unarchive one ticket',
  tags,
  access: 'tickets.archive',
  params: ticketParams,
  body: ticketArchiveBodySchema,
  responses: { 200: dealerTicketSchema, ...commonRefusals },
});

export const archiveTicketBatch = defineEndpoint({
  method: 'POST',
  path: '/dealer-tickets/batch-archive',
  summary: `Archive or unarchive up to ${MAX_TICKET_BATCH} tickets of one's subtree; answers how many changed`,
  tags,
  access: 'tickets.archiveMany',
  body: ticketBatchArchiveBodySchema,
  responses: { 200: ticketBatchResponseSchema, ...commonRefusals },
});

export const ticketRegistration = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets/:id/registration',
  // 404 TICKET_WITHOUT_CUSTOMER while no customer is assigned.
  summary: 'The customer registration record of a ticket of one’s subtree (404 TICKET_WITHOUT_CUSTOMER without a customer)',
  description:
    'The assigned customer in the fields of the registration record, with the ticket’s product id. 404 `TICKET_WITHOUT_CUSTOMER` while no customer is assigned.',
  tags,
  access: 'tickets.readRegistration',
  params: ticketParams,
  responses: { 200: ticketRegistrationSchema, ...commonRefusals },
});

export const activeProduct = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets/:id/active-product',
  summary: 'The activated licences of a ticket of one’s subtree (an empty list: no active product detail)',
  description: 'From the same source as the licence content. An empty `data` means no active product detail.',
  tags,
  access: 'tickets.read',
  params: ticketParams,
  // A licence server that cannot be reached answers 502: no answer, so not listed (ADR 0022).
  // 502: the licence store did not answer (ADR 0022, addendum on 5xx).
  responses: { 200: activeProductResponseSchema, ...commonRefusals, 502: errorResponseSchema },
});
