import type { ComponentDetail, DraftOrder } from '@casebridge/shared/schemas/orders';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import type { AppDeps } from '../../deps.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { conversationOf, markComponentRead } from '../messages/messages.service.ts';
import { documentsOfComponents, filesOfComponent } from '../order-files/order-files.service.ts';
import {
  labDrafts as labDraftOrders,
  readableComponent,
  updateComponent as updateComponentOf,
  type OrderComponent,
} from '../orders/orders.service.ts';
import { partiesOf } from '../orders/orders.queries.ts';

/**
 * The order views that show what several features keep (ADR 0016): a component with its files and
 * its conversation, the lab's drafts with their documents. Each feature checks its own rules; this
 * use case only puts their answers side by side.
 */

/** Opening a component marks its messages read for the viewer only. */
export async function componentDetail(deps: AppDeps, user: SessionUser, orderId: number, componentId: number): Promise<ComponentDetail> {
  return detailOf(deps, user, await readableComponent(deps, user, orderId, componentId));
}

/** The mill changes a component's status or comment and sees the component as it now is. */
export async function updateComponent(
  deps: AppDeps,
  user: SessionUser,
  orderId: number,
  componentId: number,
  patch: { status?: ComponentStatus; comment?: string },
): Promise<ComponentDetail> {
  return detailOf(deps, user, await updateComponentOf(deps, user, orderId, componentId, patch));
}

async function detailOf(deps: AppDeps, viewer: SessionUser, { order, component }: OrderComponent): Promise<ComponentDetail> {
  const { db } = deps;
  await markComponentRead(deps, viewer.id, order.id, component.id);
  const [files, messages, parties] = await Promise.all([
    filesOfComponent(db, component.id),
    conversationOf(db, viewer.id, order.id, component.id),
    partiesOf(db, order),
  ]);
  return {
    id: component.id,
    name: component.name,
    displayName: component.name,
    status: component.status,
    comment: component.comment,
    documents: files.documents,
    downloads: files.downloads,
    messages,
    project: {
      id: order.id,
      name: order.name,
      isDeleted: order.isDeleted,
      created_at: order.createdAt.toISOString(),
      millId: order.millId,
      labId: order.labId,
      client: { id: order.labId, name: parties.labName },
      author: parties.author
        ? { firstName: parties.author.firstName, lastName: parties.author.lastName, companyName: parties.labName }
        : null,
      responsible: parties.responsible,
    },
  };
}

/** The lab's unsubmitted orders with a mill, each component with the documents that arrived (ADR 0003). */
export async function labDrafts(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  limit: number,
): Promise<{ count: number; data: DraftOrder[] }> {
  const drafts = await labDraftOrders(deps, user, millId, limit);
  const documents = await documentsOfComponents(
    deps.db,
    drafts.data.flatMap((draft) => draft.components.map((part) => part.id)),
  );
  return {
    count: drafts.count,
    data: drafts.data.map((draft) => ({
      ...draft,
      components: draft.components.map((part) => ({ ...part, documents: documents.get(part.id) ?? [] })),
    })),
  };
}
