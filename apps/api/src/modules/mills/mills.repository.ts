import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mills, policyConsents } from '../../db/schema/mills.ts';

export type MillRow = typeof mills.$inferSelect;

export async function findMill(db: Db, millId: number): Promise<MillRow | null> {
  const [mill] = await db.select().from(mills).where(eq(mills.id, millId));
  return mill ?? null;
}

export async function findMills(db: Db, ids: number[]): Promise<MillRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(mills).where(inArray(mills.id, ids)).orderBy(asc(mills.id));
}

/** A new mill is asked to approve the policies (the column's default); its plan is basic until it pays. */
export async function insertMill(db: Db, companyId: number): Promise<MillRow> {
  const [mill] = await db.insert(mills).values({ companyId }).returning();
  return mill!;
}

/** The landing page's texts; saving it once ticks the onboarding step for good. */
export async function setLandingPage(
  db: Db,
  millId: number,
  page: { landingPageHeader: string; landingPageContent: string },
): Promise<MillRow> {
  const [mill] = await db
    .update(mills)
    .set({ ...page, landingPageInfoIsUpdated: true })
    .where(eq(mills.id, millId))
    .returning();
  return mill!;
}

export async function insertPolicyConsent(db: Db, consent: { millId: number; userId: number; documentIds: number[] }): Promise<void> {
  await db.insert(policyConsents).values(consent);
}

export async function setNeedPoliciesApproval(db: Db, millId: number, need: boolean): Promise<void> {
  await db.update(mills).set({ needPoliciesApproval: need }).where(eq(mills.id, millId));
}

/** Every mill must approve again; answers how many mills were asked. */
export async function requirePoliciesApprovalOfAll(db: Db): Promise<number> {
  const updated = await db
    .update(mills)
    .set({ needPoliciesApproval: true })
    .where(sql`true`)
    .returning({ id: mills.id });
  return updated.length;
}
