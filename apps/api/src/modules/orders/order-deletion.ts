import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { componentFiles, components, projects } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { queueRemovals, removeQueued } from '../../platform/storage/removals.ts';
import type { OrderAccess } from './order-access.ts';

/**
 * The lab withdraws an order it sent. Its files go (rows and bytes, so nothing is kept that the
 * lab took back); the order stays in the mill's list marked deleted, with its components and
 * messages, because the mill may already have worked on it. A draft the mill never saw goes
 * entirely. Rows and the removal queue change in one transaction; the bytes go after it commits.
 */
export async function deleteOrder(deps: AppDeps, access: OrderAccess): Promise<'deleted' | 'discarded'> {
  if (access.side !== 'lab') throw AppError.forbidden('Only the lab that sent an order can delete it');
  const { project } = access;
  if (project.isDeleted) throw new AppError(409, 'CONFLICT', 'This order was deleted');
  const keys = await deps.db.transaction(async (tx) => {
    const ofOrder = tx.select({ id: components.id }).from(components).where(eq(components.projectId, project.id));
    const files = await tx.delete(componentFiles).where(inArray(componentFiles.componentId, ofOrder)).returning({ key: componentFiles.storageKey });
    const removed = files.map((file) => file.key);
    await queueRemovals(tx, removed);
    if (project.submittedAt) await tx.update(projects).set({ isDeleted: true }).where(eq(projects.id, project.id));
    else await tx.delete(projects).where(eq(projects.id, project.id));
    return removed;
  });
  await removeQueued(deps.db, deps.storage, keys);
  return project.submittedAt ? 'deleted' : 'discarded';
}
