import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policyDocumentsResponseSchema } from '@casebridge/shared/schemas/account';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { callerOf } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors, multipartUpload } from '../../lib/route-schemas.ts';
import {
  activeDocumentLinks,
  documentContent,
  listPolicyDocuments,
  policyUploadDataSchema,
  publishPolicyDocument,
} from './policies.service.ts';

const tags = ['policies'];
const MAX_POLICY_BYTES = 20 * 1024 * 1024;
const documentSchema = z.object({
  id: z.number(),
  kind: z.string(),
  language: z.string(),
  title: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  url: z.string(),
});

/** The one file of an upload: a signed PDF, recognised by its first bytes. */
const POLICY_PDF = {
  field: 'file',
  prefix: 'policies',
  maxBytes: MAX_POLICY_BYTES,
  sniff: (head: Buffer) => (head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null),
  typeMessage: 'Please upload the signed document as a PDF',
};

export function policyRoutes(deps: AppDeps, secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/policy-documents/active', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Signed links to the active terms and data-processing documents',
        response: { 200: policyDocumentsResponseSchema },
      },
      handler: async () => activeDocumentLinks(deps, secret),
    });

    app.get('/policy-documents/:id/content', {
      config: { access: 'public' },
      schema: {
        tags,
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

    app.get('/policy-documents', {
      config: { access: 'policies.read' },
      schema: {
        tags,
        summary: 'Every policy document, newest first (manager)',
        security: bearerAuth,
        response: { 200: z.object({ data: z.array(documentSchema) }), ...commonErrors },
      },
      handler: async (request) => listPolicyDocuments(deps, callerOf(request), secret),
    });

    app.post('/policy-documents', {
      config: { access: 'policies.manage' },
      schema: {
        tags,
        summary: 'Publish a signed PDF (manager; multipart: data {kind, language}, files.file)',
        ...multipartUpload('file', policyUploadDataSchema),
        security: bearerAuth,
        response: { 200: documentSchema, ...commonErrors },
      },
      handler: async (request) => {
        const user = callerOf(request);
        return publishPolicyDocument(deps, user, secret, () => readFileForm(request, deps.storage, POLICY_PDF));
      },
    });
  };
}
