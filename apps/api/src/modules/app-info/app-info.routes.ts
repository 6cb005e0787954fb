import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/app-info';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { errorResponseSchema } from '../../lib/route-schemas.ts';
import { databaseReachable, notReadyReason } from './app-info.service.ts';

const tags = ['app'];

function unavailable(message: string) {
  return { statusCode: 503, error: 'Service Unavailable', code: 'INTERNAL' as const, message };
}

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
          return reply.status(503).send(unavailable('The database is not reachable'));
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    });

    // The probes of a load balancer or Kubernetes (deploy/k8s): live restarts a process, ready routes requests to it.
    app.get('/health/live', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Liveness: the process runs (asks nothing of the database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      handler: async () => ({ status: 'ok' as const }),
    });

    app.get('/health/ready', {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Readiness: the database answers, its migrations are current, the file store answers, and the process is not shutting down',
        description:
          'A 503 names the reason in `message`: shutting down, database not reachable, migrations pending, or file storage not reachable (STORAGE_URL set).',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema },
      },
      handler: async (_request, reply) => {
        const reason = await notReadyReason(deps);
        if (reason) return reply.status(503).send(unavailable(`Not ready: ${reason}`));
        return { status: 'ready' as const };
      },
    });

    app.route({ ...fromContract(contracts.appVersion), handler: async () => ({ version }) });
  };
}
