import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import {
  activeProductResponseSchema,
  dealerTicketSchema,
  licenceContentResponseSchema,
  MAX_TICKET_BATCH,
  ticketArchiveBodySchema,
  ticketBatchArchiveBodySchema,
  ticketBatchResponseSchema,
  ticketCustomerBodySchema,
  ticketDealerBodySchema,
  ticketDealersResponseSchema,
  ticketExternalBodySchema,
  ticketListQuerySchema,
  ticketPushBodySchema,
  ticketPushResponseSchema,
  ticketRegistrationSchema,
} from '@casebridge/shared/schemas/licence-tickets';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import * as licenceInfo from '@casebridge/shared/contracts/licence-info';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { enforceRateLimit } from '../../lib/rate-limit-guard.ts';
import { bearerAuth, commonErrors, errorResponseSchema, sendJson } from '../../lib/route-schemas.ts';
import {
  activeProduct,
  archiveTicket,
  archiveTicketBatch,
  assignCustomer,
  changeTicketDealer,
  checkLicenceServer,
  listTicketDealers,
  listTickets,
  LICENCE_LOOKUP_LIMIT,
  lookupPublic,
  lookupTicket,
  lookupTicketByKey,
  receivePushedTickets,
  setExternalCustomer,
  ticketRegistration,
} from './licence-tickets.service.ts';

const tags = ['licence tickets'];
const params = z.object({ id: idSchema });
const upstreamErrors = { ...commonErrors, 502: errorResponseSchema };

/**
 * The dealers' ticket desk, the licence content lookup and the licence server's push (spec
 * manager-dealer §2 dealer tickets and licence info, §7 Tickets), in our REST shape.
 */
export function licenceTicketRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dealer-tickets', {
      config: { access: 'tickets.list' },
      schema: {
        tags,
        summary: "The tickets of one's dealer subtree (the manager: all), searchable, filtered, sorted and paged",
        security: bearerAuth,
        querystring: ticketListQuerySchema,
        response: { 200: listResponseSchema(dealerTicketSchema), ...commonErrors },
      },
      handler: async (request, reply) => {
        const q = request.query;
        // The answer comes serialized (and checked) from the desk's versioned cache.
        const body = await listTickets(deps, callerOf(request), {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          dealerId: q.dealerId,
          archived: q.archived,
        });
        return sendJson(reply, body);
      },
    });

    app.get('/dealer-tickets/dealers', {
      config: { access: 'tickets.list' },
      schema: {
        tags,
        summary: "The dealers of one's subtree that have tickets (the desk's dealer filter)",
        security: bearerAuth,
        response: { 200: ticketDealersResponseSchema, ...commonErrors },
      },
      handler: async (request) => listTicketDealers(deps, callerOf(request)),
    });

    app.put('/dealer-tickets/:id/customer', {
      config: { access: 'tickets.assign' },
      schema: {
        tags,
        summary: "Assign a customer of the ticket dealer's subtree, or none (top-level dealers and the manager)",
        security: bearerAuth,
        params,
        body: ticketCustomerBodySchema,
        response: { 200: dealerTicketSchema, ...commonErrors },
      },
      handler: async (request) => assignCustomer(deps, callerOf(request), request.params.id, request.body.dealerCustomerId),
    });

    app.put('/dealer-tickets/:id/dealer', {
      config: { access: 'tickets.move' },
      schema: {
        tags,
        summary: "Move the ticket to another dealer of one's subtree; its customer is reset",
        security: bearerAuth,
        params,
        body: ticketDealerBodySchema,
        response: { 200: dealerTicketSchema, ...commonErrors },
      },
      handler: async (request) => changeTicketDealer(deps, callerOf(request), request.params.id, request.body.dealerId),
    });

    app.put('/dealer-tickets/:id/external', {
      config: { access: 'tickets.setExternal' },
      schema: {
        tags,
        summary: 'Set the external customer id and description (top-level dealers and the manager)',
        security: bearerAuth,
        params,
        body: ticketExternalBodySchema,
        response: { 200: dealerTicketSchema, ...commonErrors },
      },
      handler: async (request) =>
        setExternalCustomer(deps, callerOf(request), request.params.id, request.body.externalCustomerId, request.body.description),
    });

    app.put('/dealer-tickets/:id/archived', {
      config: { access: 'tickets.archive' },
      schema: {
        tags,
        summary: 'Archive or unarchive one ticket',
        security: bearerAuth,
        params,
        body: ticketArchiveBodySchema,
        response: { 200: dealerTicketSchema, ...commonErrors },
      },
      handler: async (request) => archiveTicket(deps, callerOf(request), request.params.id, request.body.archived),
    });

    app.post('/dealer-tickets/batch-archive', {
      config: { access: 'tickets.archiveMany' },
      schema: {
        tags,
        summary: `Archive or unarchive up to ${MAX_TICKET_BATCH} tickets of one's subtree; answers how many changed`,
        security: bearerAuth,
        body: ticketBatchArchiveBodySchema,
        response: { 200: ticketBatchResponseSchema, ...commonErrors },
      },
      handler: async (request) => archiveTicketBatch(deps, callerOf(request), request.body.ticketIds, request.body.archived),
    });

    app.get('/dealer-tickets/:id/content', {
      config: { access: 'tickets.read' },
      schema: {
        tags,
        summary: 'The licence content of a ticket of one’s subtree',
        security: bearerAuth,
        params,
        response: { 200: licenceContentResponseSchema, ...upstreamErrors },
      },
      handler: async (request) => lookupTicket(deps, callerOf(request), request.params.id),
    });

    // The dealer's licence info page is opened with a key (`?licenseKey=…`), not a row id.
    // Method, path, schemas (the 502 of the licence store included) and access from the contract the licence info page reads with (ADR 0022).
    app.route({
      ...fromContract(licenceInfo.licenceContentByKey),
      handler: async (request) => lookupTicketByKey(deps, callerOf(request), request.params.key),
    });

    app.get('/dealer-tickets/:id/registration', {
      config: { access: 'tickets.readRegistration' },
      schema: {
        tags,
        summary: 'The customer registration record of a ticket of one’s subtree',
        description:
          'The assigned customer in the fields of the registration record, with the ticket’s product id. 404 `TICKET_WITHOUT_CUSTOMER` while no customer is assigned.',
        security: bearerAuth,
        params,
        response: { 200: ticketRegistrationSchema, ...commonErrors },
      },
      handler: async (request) => ticketRegistration(deps, callerOf(request), request.params.id),
    });

    app.get('/dealer-tickets/:id/active-product', {
      config: { access: 'tickets.read' },
      schema: {
        tags,
        summary: 'The active product details of a ticket of one’s subtree: its activated licences',
        description: 'From the same source as the licence content. An empty `data` means no active product detail.',
        security: bearerAuth,
        params,
        response: { 200: activeProductResponseSchema, ...upstreamErrors },
      },
      handler: async (request) => activeProduct(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(licenceInfo.publicLicenceContent),
      handler: async (request) => {
        await enforceRateLimit(deps.rateLimitStore, 'licenceLookup', LICENCE_LOOKUP_LIMIT, request, null);
        return lookupPublic(deps, request.body.ticketId);
      },
    });

    app.post('/licence-server/tickets', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Push tickets from the licence server (up to 1000, one transaction)',
        description:
          'Called by the licence server with `Authorization: Bearer <LICENCE_SERVER_TOKEN>`; answers 404 while no token is configured. ' +
          'Creates unknown keys and refreshes known ones; a ticket given to another dealer loses its customer. An unknown dealer id stores nothing (422, naming the rows).',
        body: ticketPushBodySchema,
        response: {
          200: ticketPushResponseSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          404: commonErrors[404],
          422: errorResponseSchema,
        },
      },
      // 1000 tickets with their content exceed Fastify's 1 MB default.
      bodyLimit: 32 * 1024 * 1024,
      // The token is checked before the body is even read, so an outsider can neither learn its shape nor make us parse 32 MB.
      onRequest: async (request) => checkLicenceServer(deps, request.headers.authorization),
      handler: async (request) => receivePushedTickets(deps, request.body.tickets),
    });
  };
}
