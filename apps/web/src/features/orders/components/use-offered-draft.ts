import type { DraftOrder } from '@casebridge/shared/schemas/orders';
import { useDeleteOrder, useLabDrafts } from '../api/orders-api.ts';

/**
 * The newest unfinished order with this mill: what the new-order page offers to continue after
 * a reload or a lost tab, or to discard (the server removes it with what already arrived).
 */
export function useOfferedDraft(millId: number): { draft: DraftOrder | null; discard: ReturnType<typeof useDeleteOrder> } {
  const drafts = useLabDrafts(millId);
  return { draft: drafts.data?.[0] ?? null, discard: useDeleteOrder() };
}
