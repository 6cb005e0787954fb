import type { QueryKey } from '@tanstack/react-query';
import { listMessages } from '@casebridge/shared/contracts/messages';
import { getComponent, listLabDrafts, listLabOrders, listMillOrders } from '@casebridge/shared/contracts/orders';
import { pathKey, pathPrefix } from './endpoint-query.ts';

/**
 * The query keys of what shows orders, from their contracts' paths (ADR 0022). Both the orders
 * feature (after its own writes) and the notifications feature (after a live event) make them
 * stale, and features do not import each other, so the keys are named here once.
 */

/** Every component view's key starts with this; one order's components' with its id. */
export const componentKeyPrefix = (projectId?: number): QueryKey => pathPrefix(getComponent, projectId === undefined ? {} : { projectId });

/** A component view's key (`/projects/:projectId/components/:id`), not a link under it. */
export function isComponentKey(key: QueryKey): boolean {
  return key.length === 4 && key[0] === 'projects' && key[2] === 'components';
}

/** Both sides' order lists, the lab's drafts, every component view and, given the mill, its list and messages page. */
export function orderQueryKeys(millId?: number | null): QueryKey[] {
  const shared = [pathKey(listLabOrders), pathKey(listLabDrafts), componentKeyPrefix()];
  if (millId === undefined || millId === null) return shared;
  return [...shared, pathKey(listMillOrders, { millId }), pathKey(listMessages, { millId })];
}
