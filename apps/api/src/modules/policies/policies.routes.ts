import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { policyDocumentsResponseSchema } from '@casebridge/shared/schemas/account';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { policyDocuments } from '../../db/schema/policies.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireRoleType } from '../../lib/current-user.ts';
import { readFileForm } from '../../lib/multipart-form.ts';
import { bearerAuth, commonErrors } from '../../lib/route-schemas.ts';
import { parseFormData } from '../users/form-data.ts';
import { activeDocument, publishDocument, requireApprovalAgain, signedUrl, validSignature, type PolicyRow } from './policies.service.ts';
import { escapeHtml } from '../../lib/html.ts';

const tags = ['policies'];
const MAX_POLICY_BYTES = 20 * 1024 * 1024;
const uploadDataSchema = z.strictObject({ kind: z.enum(['terms-of-service', 'data-processing']), language: z.enum(['en', 'de']) });
const documentSchema = z.object({ id: z.number(), kind: z.string(), language: z.string(), title: z.string(), active: z.boolean(), createdAt: z.string(), url: z.string() });


export function policyRoutes(deps: AppDeps, secret: string): FastifyPluginAsyncZod {
  const toDto = (row: PolicyRow) => ({ id: row.id, kind: row.kind, language: row.language, title: row.title, active: row.active, createdAt: row.createdAt.toISOString(), url: signedUrl(secret, row.id) });
  const urlOf = async (kind: 'terms-of-service' | 'data-processing', language: 'en' | 'de') => {
    const doc = await activeDocument(deps, kind, language);
    return doc ? signedUrl(secret, doc.id) : null;
  };

  return async (app) => {
    app.get('/policy-documents/active', {
      schema: { tags, summary: 'Signed links to the active terms and data-processing documents', response: { 200: policyDocumentsResponseSchema } },
      handler: async () => ({
        termsOfService: { en: await urlOf('terms-of-service', 'en'), de: await urlOf('terms-of-service', 'de') },
        dataProcessing: { en: await urlOf('data-processing', 'en'), de: await urlOf('data-processing', 'de') },
      }),
    });

    app.get('/policy-documents/:id/content', {
      schema: { tags, summary: 'A policy document (signed link)', params: z.object({ id: idSchema }), querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }) },
      handler: async (request, reply) => {
        const { id } = request.params;
        if (!validSignature(secret, id, request.query.expires, request.query.signature)) throw AppError.notFound('Document');
        const [doc] = await deps.db.select().from(policyDocuments).where(eq(policyDocuments.id, id));
        if (!doc) throw AppError.notFound('Document');
        // Framed by our own pages only. A PDF keeps the browser's viewer (which a stricter policy
        // would break); an HTML text may run nothing at all.
        reply.header('x-frame-options', 'SAMEORIGIN');
        if (doc.filePath) {
          const opened = await deps.storage.open(doc.filePath);
          if (!opened) throw AppError.notFound('Document');
          return reply
            .header('content-security-policy', "frame-ancestors 'self'")
            .header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="document.pdf"').header('content-length', opened.size).send(opened.stream);
        }
        const html = `<!doctype html><html lang="${doc.language}"><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head><body>${doc.contentHtml ?? ''}</body></html>`;
        return reply
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
          .header('content-type', 'text/html; charset=utf-8')
          .send(html);
      },
    });

    app.get('/policy-documents', {
      schema: { tags, summary: 'Every policy document, newest first (manager)', security: bearerAuth, response: { 200: z.object({ data: z.array(documentSchema) }), ...commonErrors } },
      handler: async (request) => {
        await requireRoleType(request, deps.db, 'manager');
        const rows = await deps.db.select().from(policyDocuments).orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id));
        return { data: rows.map(toDto) };
      },
    });

    app.post('/policy-documents', {
      schema: {
        tags,
        summary: 'Publish a signed PDF (manager; multipart: data {kind, language}, files.file)',
        security: bearerAuth,
        response: { 200: documentSchema, ...commonErrors },
      },
      handler: async (request) => {
        await requireRoleType(request, deps.db, 'manager');
        const form = await readFileForm(request, deps.storage, {
          field: 'file',
          prefix: 'policies',
          maxBytes: MAX_POLICY_BYTES,
          sniff: (head) => (head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null),
          typeMessage: 'Please upload the signed document as a PDF',
        });
        if (!form.file) throw AppError.fields({ file: ['VALIDATION_FAILED'] }, 'Choose a PDF file');
        try {
          const { kind, language } = parseFormData(uploadDataSchema, form.data);
          return toDto(await publishDocument(deps, kind, language, form.file));
        } catch (error) {
          await deps.storage.remove(form.file.key);
          throw error;
        }
      },
    });

    app.post('/policy-documents/require-approval', {
      schema: { tags, summary: "Ask every mill to approve the policies again (manager)", security: bearerAuth, response: { 200: z.object({ ok: z.literal(true), mills: z.number() }), ...commonErrors } },
      handler: async (request) => {
        await requireRoleType(request, deps.db, 'manager');
        return { ok: true as const, mills: await requireApprovalAgain(deps) };
      },
    });
  };
}
