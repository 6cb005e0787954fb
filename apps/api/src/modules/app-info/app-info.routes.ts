import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponseSchema } from '../../lib/route-schemas.ts';
import { databaseReachable } from './app-info.service.ts';

const tags = ['app'];

export function appInfoRoutes(deps: AppDeps, version: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: errorResponseSchema },
      },
      handler: async (_request, reply) => {
        if (!(await databaseReachable(deps))) {
          return reply
            .status(503)
            .send({ statusCode: 503, error: 'Service Unavailable', code: 'INTERNAL', message: 'The database is not reachable' });
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    });

    app.get('/app/version', {
      config: { access: 'public' },
      schema: { tags, summary: 'The portal version shown in the header', response: { 200: z.object({ version: z.string() }) } },
      handler: async () => ({ version }),
    });
  };
}
