import type { Message, Order } from '@casebridge/shared/schemas/orders';
import * as messageContracts from '@casebridge/shared/contracts/messages';
import { listLabOrders, listMillOrders } from '@casebridge/shared/contracts/orders';
import { callEndpoint } from '../../../lib/api-call.ts';
import { componentPath, messagesPath, ordersPath, type WorkspaceSide } from '../../../lib/order-paths.ts';
import type { AppNotification } from '../api/notifications-api.ts';
import { RETENTION_PATH } from './files-expiring-text.ts';

const LOOKUP_LIMIT = 100;
/** A plan's limit was reached: the mill's usage against its plan. */
export const PLAN_USAGE_PATH = '/mill/contract?tab=usage-details';

async function findOrder(side: WorkspaceSide, millId: number, orderId: number, name: string): Promise<Order | undefined> {
  // The list has no id filter; the new-order notification carries the order's name, so search by it.
  const query = { _q: name.slice(0, 200) || undefined, _limit: LOOKUP_LIMIT };
  const page =
    side === 'mill'
      ? await callEndpoint(listMillOrders, { params: { millId }, query })
      : await callEndpoint(listLabOrders, { query: { ...query, millId } });
  return page.data.find((order) => order.id === orderId);
}

async function findMessage(millId: number, messageId: number): Promise<Message | undefined> {
  const page = await callEndpoint(messageContracts.listMessages, { params: { millId }, query: { _limit: LOOKUP_LIMIT } });
  return page.data.find((message) => message.id === messageId);
}

/**
 * Where a notification leads. A new order opens its first component; a new message opens the
 * component it was written on; a plan's limit opens the usage details. When that cannot be found among the latest entries (or the
 * lookup fails), the orders list searched by the order's name, or the messages page, is shown.
 */
export async function notificationTarget(
  side: WorkspaceSide,
  fallbackMillId: number | null,
  notification: AppNotification,
): Promise<string> {
  if (notification.notificationType === 'planLimitReached') return PLAN_USAGE_PATH;
  if (notification.notificationType === 'filesExpiring') return RETENTION_PATH;
  const millId = notification.millId ?? fallbackMillId;
  if (notification.notificationType === 'newProjectCreated') {
    const fallback = `${ordersPath(side)}?q=${encodeURIComponent(notification.message)}`;
    if (millId === null) return fallback;
    try {
      const order = await findOrder(side, millId, notification.objectId, notification.message);
      const first = order?.components[0];
      return order && first ? componentPath(side, order.id, first.id) : fallback;
    } catch {
      return fallback;
    }
  }
  // The server names the component a message was written on: no lookup needed.
  if (notification.orderId !== null && notification.componentId !== null)
    return componentPath(side, notification.orderId, notification.componentId);
  if (millId === null) return messagesPath(side);
  try {
    const message = await findMessage(millId, notification.objectId);
    if (message?.componentId) return componentPath(side, message.projectId, message.componentId);
  } catch {
    // fall back to the messages page
  }
  return messagesPath(side);
}
