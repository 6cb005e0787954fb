import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contracts from '@casebridge/shared/contracts/desktop-app';
import { DESKTOP_APP_MAX_BYTES } from '@casebridge/shared/schemas/desktop-app';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { currentDesktopApp, openInstaller, updateDesktopApp, uploadDesktopInstaller } from './desktop-app.service.ts';

const tags = ['desktop-app'];

/** Any file: an installer's format depends on the platform, and it is only ever served as an attachment. */
const INSTALLER = {
  field: 'file',
  prefix: 'desktop-app',
  maxBytes: DESKTOP_APP_MAX_BYTES,
  sniff: () => 'application/octet-stream',
  typeMessage: 'Please choose the installer file',
};

/** `attachment` with the name as uploaded: an ASCII stand-in for old clients, the real name encoded. */
function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Method, path, schemas and access of the JSON routes come from the contracts in packages/shared (ADR 0022). */
export function desktopAppRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...fromContract(contracts.getDesktopApp), handler: async () => currentDesktopApp(deps) });

    // Public like the spec's /desktop-app page: a browser navigating here downloads, with no token to leak.
    app.get('/desktop-app/installer', {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The uploaded installer of the desktop app (attachment, streamed; with a bucket 302 to a presigned URL; 404 "App is not available" when none is uploaded)',
      },
      handler: async (_request, reply) => {
        const installer = await openInstaller(deps);
        if ('redirect' in installer) return reply.header('cache-control', 'no-store').redirect(installer.redirect, 302);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachment(installer.fileName))
          .header('content-length', installer.size)
          .header('cache-control', 'no-cache')
          .send(installer.stream);
      },
    });

    app.route({
      ...fromContract(contracts.updateDesktopApp),
      handler: async (request) => updateDesktopApp(deps, callerOf(request), request.body),
    });

    app.route({
      ...fromContract(contracts.uploadDesktopInstaller),
      handler: async (request) => uploadDesktopInstaller(deps, callerOf(request), () => readFileForm(request, deps.storage, INSTALLER)),
    });
  };
}
