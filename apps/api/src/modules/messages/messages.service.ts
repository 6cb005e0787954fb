import { MESSAGE_READ_EVENT } from '@casebridge/shared/schemas/live-events';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { markActivityRead, notify } from '../notifications/notifications.service.ts';
import { componentOfOrder, grantedOrder, refuseIfDeleted } from '../orders/orders.service.ts';
import {
  findConversation,
  findMessage,
  findMessagePlaces,
  findMillMessages,
  insertMessage,
  markRead,
  type MessagePlace,
  type MessageRow,
} from './messages.repository.ts';

function toMessageDto(row: MessageRow): Message {
  return {
    id: row.id,
    projectId: row.projectId,
    componentId: row.componentId,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    read: row.read,
    readAt: row.readAt?.toISOString() ?? null,
    author: {
      id: row.authorId,
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      avatar: fileUrl(row.avatarPath),
      role: row.role,
      millRole: row.millRole,
    },
    companyName: row.companyName ?? '',
  };
}

/** A message on an order of this mill, or on one of its components; the other side is notified. */
export async function createMessage(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  input: { projectId: number; componentId?: number; message: string },
): Promise<Message> {
  const grant = await authorize(deps.db, user, 'order.message', { orderId: input.projectId });
  const order = grantedOrder(grant);
  // The path names the order's mill: an order of another mill is not found there.
  if (order.millId !== millId) throw AppError.notFound('Order');
  refuseIfDeleted(order);
  if (input.componentId !== undefined) await componentOfOrder(deps.db, order.id, input.componentId);
  // The message, its notifications and their mails commit together; the live push follows the commit.
  const { id, publish } = await deps.db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, {
      projectId: order.id,
      componentId: input.componentId ?? null,
      authorId: user.id,
      message: input.message,
    });
    const told = await notify(
      deps,
      tx,
      {
        type: 'newMessageReceived',
        millId: order.millId,
        labId: order.labId,
        objectId: messageId,
        parentObjectId: order.id,
        message: input.message.slice(0, 200),
        senderId: user.id,
        responsibleId: order.responsibleId,
      },
      grant.role === 'lab' ? 'mill' : 'lab',
    );
    return { id: messageId, publish: told.publish };
  });
  publish();
  const row = await findMessage(deps.db, user.id, id);
  if (!row) throw AppError.notFound('Message');
  return toMessageDto(row);
}

/**
 * The messages page: what the other side wrote in this mill's orders, newest first, filtered by
 * the caller's read state. The mill's staff see every client's (or one client's, `client`); a lab
 * sees its own orders only.
 */
export async function listMessages(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  query: { start: number; limit: number; read?: 'true' | 'false'; client?: number },
): Promise<{ count: number; data: Message[] }> {
  const grant = await authorize(deps.db, user, 'orders.list', { millId });
  const labId = grant.role === 'lab' ? grant.labId : query.client;
  const read = query.read === undefined ? undefined : query.read === 'true';
  const { total, rows } = await findMillMessages(
    deps.db,
    { millId, viewerId: user.id, labId, read },
    { start: query.start, limit: query.limit },
  );
  return { count: total, data: rows.map(toMessageDto) };
}

// For orders' component view, after its own access check.

export async function conversationOf(db: Db, viewerId: number, orderId: number, componentId: number | null): Promise<Message[]> {
  return (await findConversation(db, viewerId, orderId, componentId)).map(toMessageDto);
}

/**
 * Opening a component marks what others wrote there read, for the viewer only, and with it the
 * viewer's notifications about those messages and about the order's arrival: the bell must not
 * call "new" what the viewer has just read. The authors of messages the other side reads for the
 * first time are told live, on whichever process holds their connection, so their chat shows it.
 */
export async function markComponentRead(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  userId: number,
  orderId: number,
  componentId: number,
): Promise<void> {
  const { messageIds, firstReads } = await markRead(deps.db, userId, orderId, componentId);
  await markActivityRead(deps.db, userId, { orderId, messageIds });
  for (const read of firstReads) {
    deps.realtime.publish([read.authorId], {
      type: MESSAGE_READ_EVENT,
      messageId: read.id,
      projectId: orderId,
      componentId,
      readAt: read.readAt.toISOString(),
    });
  }
}

/** Where these messages were written (order and component, with names), for the notifications list. */
export async function messagePlaces(db: Db, messageIds: number[]): Promise<MessagePlace[]> {
  return findMessagePlaces(db, messageIds);
}
