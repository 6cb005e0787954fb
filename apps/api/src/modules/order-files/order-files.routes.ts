import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { attachmentHeader } from '../../platform/storage/storage.ts';
import { orderFileRule } from './order-files.rules.ts';
import {
  componentZipLink,
  deleteDownload,
  fileLink,
  openDownload,
  orderZipLink,
  reportLink,
  uploadDocument,
  uploadDownload,
} from './order-files.service.ts';

export function orderFileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** The form stays unread until the service has checked the caller: a refused caller stores nothing. */
  const formOf = (request: Parameters<typeof readFileForm>[0], kind: 'document' | 'download') => () =>
    readFileForm(request, deps.storage, orderFileRule(kind, deps.config.maxUploadBytes));

  return async (app) => {
    app.route({
      ...fromContract(contracts.uploadOrderDocument),
      handler: async (request) =>
        uploadDocument(deps, callerOf(request), request.params.id, request.params.componentId, formOf(request, 'document')),
    });

    app.route({
      ...fromContract(contracts.uploadReturnedFile),
      handler: async (request) =>
        uploadDownload(deps, callerOf(request), request.query.projectId, request.query.componentId, formOf(request, 'download')),
    });

    app.route({
      ...fromContract(contracts.deleteReturnedFile),
      handler: async (request) => {
        await deleteDownload(deps, callerOf(request), request.params.id);
        return { ok: true as const, message: 'Document deleted' };
      },
    });

    app.route({
      ...fromContract(contracts.fileLink),
      handler: async (request) => ({ url: await fileLink(deps, callerOf(request), request.params.id) }),
    });

    app.route({
      ...fromContract(contracts.componentZipLink),
      handler: async (request) => ({
        url: await componentZipLink(deps, callerOf(request), request.params.projectId, request.params.componentId),
      }),
    });

    app.route({
      ...fromContract(contracts.orderZipLink),
      handler: async (request) => ({ url: await orderZipLink(deps, callerOf(request), request.params.projectId) }),
    });

    app.route({
      ...fromContract(contracts.orderReportLink),
      handler: async (request) => ({ url: await reportLink(deps, callerOf(request), request.params.orderId) }),
    });

    // The one-time token in the path is the authorisation: a browser navigating cannot send a bearer token.
    app.get('/dl/:token', {
      config: { access: 'public' },
      schema: {
        tags: ['downloads'],
        summary: 'Use a one-time download link (attachment, streamed; a single file in a bucket: 302 to a presigned URL)',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/) }),
      },
      handler: async (request, reply) => {
        const download = await openDownload(deps, request.params.token);
        reply.header('cache-control', 'no-store');
        // Navigations and fetch follow it; the bucket's answer names the file (ADR 0017).
        if ('redirect' in download) return reply.redirect(download.redirect, 302);
        reply.header('content-type', download.contentType).header('content-disposition', attachmentHeader(download.filename));
        if (download.size !== undefined) reply.header('content-length', download.size);
        return reply.send(download.stream);
      },
    });
  };
}
