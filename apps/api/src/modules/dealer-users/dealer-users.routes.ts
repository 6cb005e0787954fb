import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@casebridge/shared/schemas/common';
import { dealerUserBodySchema, dealerUserListQuerySchema, dealerUserSchema } from '@casebridge/shared/schemas/dealers';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { bearerAuth, commonErrors, localeQuerySchema } from '../../lib/route-schemas.ts';
import { addDealerUser, listDealerUsers, updateDealerUser } from './dealer-users.service.ts';

const tags = ['dealer users'];
const params = z.object({ id: idSchema });

/** Dealer users (spec §7 Settings and users: GET /manager/users, POST /users/add, PUT /users/update/{id}). */
export function dealerUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dealer-users', {
      config: { access: 'dealerUsers.list' },
      schema: {
        tags,
        summary: 'Dealer users one manages, searchable and paged',
        security: bearerAuth,
        querystring: dealerUserListQuerySchema,
        response: { 200: listResponseSchema(dealerUserSchema), ...commonErrors },
      },
      handler: async (request) => {
        const q = request.query;
        return listDealerUsers(deps, callerOf(request), {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          dealerId: q.dealerId,
        });
      },
    });

    app.post('/dealer-users', {
      config: { access: 'dealerUsers.manage' },
      schema: {
        tags,
        summary: 'Add a dealer user (invited by mail to choose a password)',
        security: bearerAuth,
        querystring: localeQuerySchema,
        body: dealerUserBodySchema,
        response: { 200: dealerUserSchema, ...commonErrors },
      },
      handler: async (request) => addDealerUser(deps, callerOf(request), request.body, mailLanguage(request, null)),
    });

    app.put('/dealer-users/:id', {
      config: { access: 'dealerUsers.manage' },
      schema: {
        tags,
        summary: 'Change, block or unblock a dealer user',
        security: bearerAuth,
        params,
        querystring: localeQuerySchema,
        body: dealerUserBodySchema,
        response: { 200: dealerUserSchema, ...commonErrors },
      },
      handler: async (request) => updateDealerUser(deps, callerOf(request), request.params.id, request.body, mailLanguage(request, null)),
    });
  };
}
