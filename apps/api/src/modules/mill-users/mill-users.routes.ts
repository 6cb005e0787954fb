import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { millUserBodySchema, millUserListQuerySchema, millUserSchema } from '@casebridge/shared/schemas/mill-users';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors, localeQuerySchema } from '../../lib/route-schemas.ts';
import { mailLanguage } from '../../lib/request-language.ts';
import { addMillUser, listMillUsers, removeMillUser, updateMillUser } from './mill-users.service.ts';

const tags = ['mill users'];
const millParams = z.object({ millId: idSchema });
const userParams = z.object({ millId: idSchema, id: idSchema });

/** The mill's staff. Only mill admins manage them (issue 4), never on their own row. */
export function millUserRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mills/:millId/users', {
      config: { access: 'millUsers.read' },
      schema: {
        tags,
        summary: "The mill's users",
        security: bearerAuth,
        params: millParams,
        querystring: millUserListQuerySchema,
        response: { 200: listResponseSchema(millUserSchema), ...commonErrors },
      },
      handler: async (request) => {
        const q = request.query;
        const user = callerOf(request);
        return listMillUsers(deps, user, request.params.millId, {
          start: q._start,
          limit: q._limit,
          sort: q._sort,
          search: q._q,
          millRole: q.millRole,
        });
      },
    });

    app.post('/mills/:millId/users', {
      config: { access: 'millUsers.manage' },
      schema: {
        tags,
        summary: 'Add a user (invited by mail to choose a password)',
        security: bearerAuth,
        params: millParams,
        querystring: localeQuerySchema,
        body: millUserBodySchema,
        response: { 200: millUserSchema, ...commonErrors },
      },
      handler: async (request) => addMillUser(deps, callerOf(request), request.params.millId, request.body, mailLanguage(request, null)),
    });

    app.put('/mills/:millId/users/:id', {
      config: { access: 'millUsers.manage' },
      schema: {
        tags,
        summary: "Change a user's name and role",
        security: bearerAuth,
        params: userParams,
        querystring: localeQuerySchema,
        body: millUserBodySchema,
        response: { 200: millUserSchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        return updateMillUser(deps, user, request.params.millId, request.params.id, request.body, mailLanguage(request, null));
      },
    });

    app.delete('/mills/:millId/users/:id', {
      config: { access: 'millUsers.manage' },
      schema: {
        tags,
        summary: 'Remove a user from the mill',
        security: bearerAuth,
        params: userParams,
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await removeMillUser(deps, callerOf(request), request.params.millId, request.params.id);
        return { ok: true as const, message: 'User deleted' };
      },
    });
  };
}
