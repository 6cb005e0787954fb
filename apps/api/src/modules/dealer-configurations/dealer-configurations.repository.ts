import { eq, sql } from 'drizzle-orm';
import type { ComponentMetadata } from '@casebridge/shared/schemas/dealer-configurations';
import type { Db } from '../../db/client.ts';
import { dealerConfigurations } from '../../db/schema/dealer-configurations.ts';

/** The dealer_configurations table: a dealer's draft and its generated component metadata. */
export type DealerConfigurationRow = typeof dealerConfigurations.$inferSelect;

export async function findConfiguration(db: Db, dealerId: number): Promise<DealerConfigurationRow | null> {
  const [row] = await db.select().from(dealerConfigurations).where(eq(dealerConfigurations.dealerId, dealerId));
  return row ?? null;
}

/** Saves the draft (null forgets it: the page starts from production again). */
export async function saveDraft(db: Db, dealerId: number, draft: string | null): Promise<void> {
  await db
    .insert(dealerConfigurations)
    .values({ dealerId, draftConfigJson: draft })
    .onConflictDoUpdate({ target: dealerConfigurations.dealerId, set: { draftConfigJson: draft, updatedAt: sql`now()` } });
}

export async function saveComponentsMetadata(db: Db, dealerId: number, components: ComponentMetadata[], fileName: string): Promise<void> {
  const values = { componentsMetadata: components, componentsMetadataFileName: fileName, componentsGeneratedAt: new Date() };
  await db
    .insert(dealerConfigurations)
    .values({ dealerId, ...values })
    .onConflictDoUpdate({ target: dealerConfigurations.dealerId, set: { ...values, updatedAt: sql`now()` } });
}
