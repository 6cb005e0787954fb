import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { sniffImageType } from '../../lib/image-type.ts';

/**
 * Avatars and logos. Their names are 128 random bits, so the URL is the capability (an <img>
 * cannot send a bearer token). The type is re-derived from the bytes and never sniffed by the browser.
 */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/uploads/:folder/:name', {
      schema: {
        tags: ['files'],
        summary: 'An avatar or logo image',
        params: z.object({ folder: z.enum(['avatars', 'logos']), name: z.string().regex(/^[A-Za-z0-9_-]{22,}$/) }),
      },
      handler: async (request, reply) => {
        const key = `${request.params.folder}/${request.params.name}`;
        const opened = await deps.storage.open(key);
        if (!opened) throw AppError.notFound('File');
        // Images are capped at MAX_IMAGE_BYTES on upload, so reading one whole is bounded.
        const chunks: Buffer[] = [];
        for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        const type = sniffImageType(body.subarray(0, 16));
        if (!type) throw AppError.notFound('File');
        return reply
          .header('content-type', type)
          .header('content-disposition', 'attachment')
          .header('cache-control', 'private, max-age=86400, immutable')
          .send(body);
      },
    });
  };
}
