import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { readImage } from './uploads.service.ts';

/** Avatars and logos, served so that a browser never sniffs or renders them as anything else. */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/uploads/:folder/:name', {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'An avatar or logo image',
        params: z.object({ folder: z.enum(['avatars', 'logos']), name: z.string().regex(/^[A-Za-z0-9_-]{22,}$/) }),
      },
      handler: async (request, reply) => {
        const { type, body } = await readImage(deps, `${request.params.folder}/${request.params.name}`);
        return reply
          .header('content-type', type)
          .header('content-disposition', 'attachment')
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(body);
      },
    });
  };
}
