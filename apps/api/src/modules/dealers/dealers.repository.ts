import { eq } from 'drizzle-orm';
import type { DealerRole } from '@casebridge/shared/constants/roles';
import type { Db } from '../../db/client.ts';
import { dealerMembers, dealers } from '../../db/schema/dealers.ts';

/** The dealers and dealer_members tables (the reseller tree and its users). */
export interface DealerMembership {
  id: number;
  companyId: number;
  parentId: number | null;
  dealerRole: DealerRole;
}

export async function findDealerOfUser(db: Db, userId: number): Promise<DealerMembership | null> {
  const [row] = await db
    .select({ id: dealers.id, companyId: dealers.companyId, parentId: dealers.parentId, dealerRole: dealerMembers.dealerRole })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .where(eq(dealerMembers.userId, userId))
    .limit(1);
  return row ?? null;
}
