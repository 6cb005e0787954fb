import { MESSAGE_READ_EVENT } from '@casebridge/shared/schemas/live-events';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import { fileUrl } from '../../lib/file-url.ts';
import { grantedOrder, refuseIfDeleted } from '../orders/orders.service.ts';
import { componentOfOrder } from '../orders/orders.queries.ts';
import { findConversation, findMessage, findMillMessages, insertMessage, markRead, type MessageRow } from './messages.repository.ts';

declare module '../../platform/events/domain-events.ts' {
  interface DomainEvents {
    /** A message on an order or one of its components; `writtenBy`: which side wrote it. */
    'message.posted': {
      messageId: number;
      orderId: number;
      componentId: number | null;
      millId: number;
      labId: number;
      text: string;
      authorId: number;
      writtenBy: 'lab' | 'mill';
      responsibleId: number | null;
    };
    /** A user read what others wrote on a component of an order: these messages, now or before. */
    'messages.read': { readerId: number; orderId: number; messageIds: number[] };
  }
}

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

/** A message on an order of this mill, or on one of its components; the other side is told ('message.posted'). */
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
  // The message and what its event causes (the other side's notifications, their mails) commit together.
  const { id, afterCommit } = await deps.db.transaction(async (tx) => {
    const componentId = input.componentId ?? null;
    const messageId = await insertMessage(tx, { projectId: order.id, componentId, authorId: user.id, message: input.message });
    const afterCommit = await deps.events.publish(tx, 'message.posted', {
      messageId,
      orderId: order.id,
      componentId,
      millId: order.millId,
      labId: order.labId,
      text: input.message,
      authorId: user.id,
      writtenBy: grant.role === 'lab' ? 'lab' : 'mill',
      responsibleId: order.responsibleId,
    });
    return { id: messageId, afterCommit };
  });
  await afterCommit();
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

// For the component view (modules/order-views), after its own access check.

export async function conversationOf(db: Db, viewerId: number, orderId: number, componentId: number | null): Promise<Message[]> {
  return (await findConversation(db, viewerId, orderId, componentId)).map(toMessageDto);
}

/**
 * Opening a component marks what others wrote there read, for the viewer only ('messages.read':
 * so are the viewer's notifications about them). The authors of messages the other side reads for
 * the first time are told live, on whichever process holds their connection, so their chat shows it.
 */
export async function markComponentRead(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'events'>,
  userId: number,
  orderId: number,
  componentId: number,
): Promise<void> {
  const { firstReads, afterCommit } = await deps.db.transaction(async (tx) => {
    const { messageIds, firstReads } = await markRead(tx, userId, orderId, componentId);
    return { firstReads, afterCommit: await deps.events.publish(tx, 'messages.read', { readerId: userId, orderId, messageIds }) };
  });
  await afterCommit();
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
