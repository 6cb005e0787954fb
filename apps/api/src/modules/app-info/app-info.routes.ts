import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { commonErrors, errorResponseSchema } from '../../lib/route-schemas.ts';

const tags = ['app'];

export function appInfoRoutes(deps: AppDeps, version: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: { tags, summary: 'Liveness and database reachability', response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: errorResponseSchema } },
      handler: async (_request, reply) => {
        try {
          await deps.db.execute(sql`select 1`);
        } catch {
          return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', code: 'INTERNAL', message: 'The database is not reachable' });
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    });

    app.get('/app/version', {
      schema: { tags, summary: 'The portal version shown in the header', response: { 200: z.object({ version: z.string() }) } },
      handler: async () => ({ version }),
    });

    app.get('/desktop-app', {
      schema: { tags, summary: 'Where to download the desktop app', response: { 200: z.object({ url: z.string() }), 404: commonErrors[404] } },
      handler: async () => {
        if (!deps.config.desktopAppUrl) throw new AppError(404, 'NOT_FOUND', 'App is not available');
        return { url: deps.config.desktopAppUrl };
      },
    });
  };
}
