import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import * as licenceInfo from '@casebridge/shared/contracts/licence-info';
import * as desk from '@casebridge/shared/contracts/licence-tickets';
import { licenceContentResponseSchema, ticketPushBodySchema, ticketPushResponseSchema } from '@casebridge/shared/schemas/licence-tickets';
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
 * Method, path, schemas and access of the desk and the licence lookups come from their contracts
 * in packages/shared (ADR 0022); the ticket content by row id and the licence server's push are
 * still declared here.
 *
 * The dealers' ticket desk, the licence content lookup and the licence server's push (spec
 * manager-dealer §2 dealer tickets and licence info, §7 Tickets), in our REST shape.
 */
export function licenceTicketRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...fromContract(desk.listTickets),
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

    app.route({
      ...fromContract(desk.listTicketDealers),
      handler: async (request) => listTicketDealers(deps, callerOf(request)),
    });

    app.route({
      ...fromContract(desk.assignTicketCustomer),
      handler: async (request) => assignCustomer(deps, callerOf(request), request.params.id, request.body.dealerCustomerId),
    });

    app.route({
      ...fromContract(desk.moveTicket),
      handler: async (request) => changeTicketDealer(deps, callerOf(request), request.params.id, request.body.dealerId),
    });

    app.route({
      ...fromContract(desk.setTicketExternal),
      handler: async (request) =>
        setExternalCustomer(deps, callerOf(request), request.params.id, request.body.externalCustomerId, request.body.description),
    });

    app.route({
      ...fromContract(desk.archiveTicket),
      handler: async (request) => archiveTicket(deps, callerOf(request), request.params.id, request.body.archived),
    });

    app.route({
      ...fromContract(desk.archiveTicketBatch),
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

    app.route({
      ...fromContract(desk.ticketRegistration),
      handler: async (request) => ticketRegistration(deps, callerOf(request), request.params.id),
    });

    app.route({
      ...fromContract(desk.activeProduct),
      handler: async (request) => activeProduct(deps, callerOf(request), request.params.id),
    });

    // Licence content only: never the dealer, customer or registration of the ticket.
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
