import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addLicenceKeyBodySchema,
  licenceKeyListQuerySchema,
  licenceKeySchema,
  updateLicenceKeyBodySchema,
} from '@casebridge/shared/schemas/licence-keys';
import { idSchema, messageResponseSchema } from '@casebridge/shared/schemas/common';
import { listResponseSchema } from '@casebridge/shared/schemas/paging';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { addLicenceKey, listLicenceKeys, removeLicenceKey, setLicenceKeyDataCollection } from './licence-keys.service.ts';

/** Licence keys with the mill's data-collection consent; the spec's paths (`toolpass-data-collection-consents`) are kept. */
const tags = ['licence keys'];

export function licenceKeyRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mills/:millId/toolpass-data-collection-consents', {
      config: { access: 'licenceKeys.read' },
      schema: {
        tags,
        summary: "The mill's licence keys",
        security: bearerAuth,
        params: z.object({ millId: idSchema }),
        querystring: licenceKeyListQuerySchema,
        response: { 200: listResponseSchema(licenceKeySchema), ...commonErrors },
      },
      handler: async (request) => {
        const { _start, _limit, _sort, _q } = request.query;
        const user = callerOf(request);
        return listLicenceKeys(deps, user, request.params.millId, { start: _start, limit: _limit, sort: _sort, key: _q });
      },
    });

    app.post('/toolpass-data-collection-consents', {
      config: { access: 'licenceKeys.manage' },
      schema: {
        tags,
        summary: 'Register a licence key for a mill',
        security: bearerAuth,
        body: addLicenceKeyBodySchema,
        response: { 200: licenceKeySchema, ...commonErrors },
      },
      handler: async (request) => addLicenceKey(deps, callerOf(request), request.body),
    });

    app.put('/toolpass-data-collection-consents/:id', {
      config: { access: 'licenceKeys.manage' },
      schema: {
        tags,
        summary: 'Turn data collection on or off for a key',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        body: updateLicenceKeyBodySchema,
        response: { 200: licenceKeySchema, ...commonErrors },
      },
      handler: async (request) =>
        setLicenceKeyDataCollection(deps, callerOf(request), request.params.id, request.body.enableDataCollection),
    });

    app.delete('/toolpass-data-collection-consents/:id', {
      config: { access: 'licenceKeys.manage' },
      schema: {
        tags,
        summary: 'Remove a licence key from the mill',
        security: bearerAuth,
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...commonErrors },
      },
      handler: async (request) => {
        await removeLicenceKey(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: 'Licence key deleted' };
      },
    });
  };
}
