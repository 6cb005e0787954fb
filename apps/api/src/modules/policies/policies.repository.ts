import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { policyDocuments, type PolicyKind } from '../../db/schema/policies.ts';

export type PolicyRow = typeof policyDocuments.$inferSelect;
export type { PolicyKind };

/** Newest first; the same order decides which document is the active one. */
const NEWEST_FIRST = [desc(policyDocuments.createdAt), desc(policyDocuments.id)] as const;

export async function findActiveDocument(db: Db, kind: PolicyKind, language: string): Promise<PolicyRow | null> {
  const [doc] = await db
    .select()
    .from(policyDocuments)
    .where(and(eq(policyDocuments.kind, kind), eq(policyDocuments.language, language), eq(policyDocuments.active, true)))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return doc ?? null;
}

export async function findDocument(db: Db, id: number): Promise<PolicyRow | null> {
  const [doc] = await db.select().from(policyDocuments).where(eq(policyDocuments.id, id));
  return doc ?? null;
}

export async function listDocuments(db: Db): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policyDocuments)
    .orderBy(...NEWEST_FIRST);
}

export async function deactivateDocuments(db: Db, kind: PolicyKind, language: string): Promise<void> {
  await db
    .update(policyDocuments)
    .set({ active: false })
    .where(and(eq(policyDocuments.kind, kind), eq(policyDocuments.language, language)));
}

export async function insertPdfDocument(
  db: Db,
  values: { kind: PolicyKind; language: string; title: string; filePath: string },
): Promise<PolicyRow> {
  const [row] = await db
    .insert(policyDocuments)
    .values({ ...values, contentHtml: null, active: true })
    .returning();
  return row!;
}
