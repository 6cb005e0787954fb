import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@casebridge/shared/contracts/policies';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { activeDocumentLinks, documentContent, listPolicyDocuments, publishPolicyDocument } from './policies.service.ts';

const MAX_POLICY_BYTES = 20 * 1024 * 1024;

/** The one file of an upload: a signed PDF, recognised by its first bytes. */
const POLICY_PDF = {
  field: 'file',
  prefix: 'policies',
  maxBytes: MAX_POLICY_BYTES,
  sniff: (head: Buffer) => (head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null),
  typeMessage: 'Please upload the signed document as a PDF',
};

/** The JSON routes' method, path, schemas and access come from the contracts in packages/shared (ADR 0022). */
export function policyRoutes(deps: AppDeps, secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({ ...fromContract(contracts.activePolicyDocuments), handler: async () => activeDocumentLinks(deps, secret) });

    app.get('/policy-documents/:id/content', {
      config: { access: 'public' },
      schema: {
        tags: ['policies'],
        summary: 'A policy document (signed link)',
        params: z.object({ id: idSchema }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
      handler: async (request, reply) => {
        const content = await documentContent(deps, secret, request.params.id, request.query);
        // Framed by our own pages only. A PDF keeps the browser's viewer (which a stricter policy
        // would break); an HTML text may run nothing at all.
        reply.header('x-frame-options', 'SAMEORIGIN');
        if (content.type === 'pdf') {
          return reply
            .header('content-security-policy', "frame-ancestors 'self'")
            .header('content-type', 'application/pdf')
            .header('content-disposition', 'inline; filename="document.pdf"')
            .header('content-length', content.size)
            .send(content.stream);
        }
        return reply
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
          .header('content-type', 'text/html; charset=utf-8')
          .send(content.html);
      },
    });

    app.route({
      ...fromContract(contracts.listPolicyDocuments),
      handler: async (request) => listPolicyDocuments(deps, callerOf(request), secret),
    });

    app.route({
      ...fromContract(contracts.publishPolicyDocument),
      handler: async (request) => {
        const user = callerOf(request);
        return publishPolicyDocument(deps, user, secret, () => readFileForm(request, deps.storage, POLICY_PDF));
      },
    });
  };
}
