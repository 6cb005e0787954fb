import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { policyDocumentsResponseSchema } from '@casebridge/shared/schemas/account';
import { idSchema } from '@casebridge/shared/schemas/common';
import type { AppDeps } from '../../deps.ts';
import { policyDocuments, type PolicyKind } from '../../db/schema/policies.ts';
import { AppError } from '../../lib/app-error.ts';

const tags = ['policies'];
const URL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The terms pages show "signed URLs" (spec §3): a document link that carries an expiry and an
 * HMAC, so links can be handed to a frame without a session and stop working after an hour.
 */
function signature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`policy:${id}:${expires}`).digest('base64url');
}

function signedUrl(secret: string, id: number): string {
  const expires = Date.now() + URL_LIFETIME_MS;
  return `/api/policy-documents/${id}/content?expires=${expires}&signature=${signature(secret, id, expires)}`;
}

function validSignature(secret: string, id: number, expires: number, given: string): boolean {
  const expected = Buffer.from(signature(secret, id, expires));
  const actual = Buffer.from(given);
  return expires > Date.now() && expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function policyRoutes(deps: AppDeps, secret: string): FastifyPluginAsyncZod {
  async function activeUrl(kind: PolicyKind, language: 'en' | 'de'): Promise<string | null> {
    const [doc] = await deps.db
      .select({ id: policyDocuments.id })
      .from(policyDocuments)
      .where(and(eq(policyDocuments.kind, kind), eq(policyDocuments.language, language), eq(policyDocuments.active, true)))
      .orderBy(desc(policyDocuments.createdAt))
      .limit(1);
    return doc ? signedUrl(secret, doc.id) : null;
  }

  return async (app) => {
    app.get('/policy-documents/active', {
      schema: { tags, summary: 'Signed links to the active terms and data-processing documents', response: { 200: policyDocumentsResponseSchema } },
      handler: async () => ({
        termsOfService: { en: await activeUrl('terms-of-service', 'en'), de: await activeUrl('terms-of-service', 'de') },
        dataProcessing: { en: await activeUrl('data-processing', 'en'), de: await activeUrl('data-processing', 'de') },
      }),
    });

    app.get('/policy-documents/:id/content', {
      schema: {
        tags,
        summary: 'A policy document (signed link)',
        params: z.object({ id: idSchema }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
      handler: async (request, reply) => {
        const { id } = request.params;
        if (!validSignature(secret, id, request.query.expires, request.query.signature)) throw AppError.notFound('Document');
        const [doc] = await deps.db.select().from(policyDocuments).where(eq(policyDocuments.id, id));
        if (!doc) throw AppError.notFound('Document');
        const html = `<!doctype html><html lang="${doc.language}"><head><meta charset="utf-8"><title>${doc.title}</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style></head><body>${doc.contentHtml}</body></html>`;
        // Framed by our own pages only, and without scripts.
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
          .header('x-frame-options', 'SAMEORIGIN')
          .send(html);
      },
    });
  };
}
