import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { mills } from '../../db/schema/mills.ts';
import { policyDocuments, type PolicyKind } from '../../db/schema/policies.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';

export type PolicyRow = typeof policyDocuments.$inferSelect;
export const POLICY_LANGUAGES = ['en', 'de'] as const;
const URL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The terms pages show "signed URLs" (spec §3): a document link that carries an expiry and an
 * HMAC, so it can be handed to a frame without a session and stops working after an hour.
 */
function signature(secret: string, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`policy:${id}:${expires}`).digest('base64url');
}

export function signedUrl(secret: string, id: number): string {
  const expires = Date.now() + URL_LIFETIME_MS;
  return `/api/policy-documents/${id}/content?expires=${expires}&signature=${signature(secret, id, expires)}`;
}

export function validSignature(secret: string, id: number, expires: number, given: string): boolean {
  const expected = Buffer.from(signature(secret, id, expires));
  const actual = Buffer.from(given);
  return expires > Date.now() && expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function activeDocument(deps: AppDeps, kind: PolicyKind, language: string): Promise<PolicyRow | null> {
  const [doc] = await deps.db
    .select()
    .from(policyDocuments)
    .where(and(eq(policyDocuments.kind, kind), eq(policyDocuments.language, language), eq(policyDocuments.active, true)))
    .orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id))
    .limit(1);
  return doc ?? null;
}

/** The ids of every document in force now: what an approval records. */
export async function activeDocumentIds(deps: AppDeps): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of ['terms-of-service', 'data-processing'] as const) {
    for (const language of POLICY_LANGUAGES) {
      const doc = await activeDocument(deps, kind, language);
      if (doc) ids.push(doc.id);
    }
  }
  return ids;
}

/** A newly uploaded signed PDF replaces the active document of its kind and language. */
export async function publishDocument(deps: AppDeps, kind: PolicyKind, language: string, file: UploadedFile): Promise<PolicyRow> {
  return deps.db.transaction(async (tx) => {
    await tx.update(policyDocuments).set({ active: false }).where(and(eq(policyDocuments.kind, kind), eq(policyDocuments.language, language)));
    const [row] = await tx
      .insert(policyDocuments)
      .values({ kind, language, title: file.name, filePath: file.key, contentHtml: null, active: true })
      .returning();
    return row!;
  });
}

/** After new documents, every mill's users see the consent dialog again until one approves. */
export async function requireApprovalAgain(deps: AppDeps): Promise<number> {
  const updated = await deps.db.update(mills).set({ needPoliciesApproval: true }).where(sql`true`).returning({ id: mills.id });
  return updated.length;
}
