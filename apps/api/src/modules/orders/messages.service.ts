import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { AppDeps } from '../../deps.ts';
import { messages, projects } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { requireMillStaff } from '../../lib/mill-access.ts';
import { notify } from '../notifications/notifications.service.ts';
import { messageQuery, readFlag, toMessageDto, type MessageRow } from './messages.repository.ts';
import { assertLabMayWrite, labAsClient, orderAccess } from './order-access.ts';
import { componentOf } from './orders.service.ts';
import type { FastifyRequest } from 'fastify';

/** A message on an order or one of its components; the other side is notified. */
export async function createMessage(deps: AppDeps, user: UserRow, millId: number, input: { projectId: number; componentId?: number; message: string }): Promise<Message> {
  const access = await orderAccess(deps.db, user, input.projectId);
  if (access.project.millId !== millId) throw AppError.notFound('Order');
  assertLabMayWrite(access);
  if (access.project.isDeleted) throw new AppError(409, 'CONFLICT', 'This order was deleted');
  if (input.componentId !== undefined) await componentOf(deps, access, input.componentId);
  const [created] = await deps.db
    .insert(messages)
    .values({ projectId: access.project.id, componentId: input.componentId ?? null, authorId: user.id, message: input.message })
    .returning();
  await notify(
    deps,
    {
      type: 'newMessageReceived',
      millId: access.project.millId,
      labId: access.project.labId,
      objectId: created!.id,
      parentObjectId: access.project.id,
      message: input.message.slice(0, 200),
      senderId: user.id,
      responsibleId: access.project.responsibleId,
    },
    access.side === 'mill' ? 'lab' : 'mill',
  );
  const [row] = await messageQuery(deps.db, user.id).where(eq(messages.id, created!.id));
  return toMessageDto(row as MessageRow, true);
}

/**
 * The messages page: what the other side wrote in this mill's orders that the caller can see,
 * newest first, filtered by the caller's read state.
 */
export async function listMessages(
  deps: AppDeps,
  request: FastifyRequest,
  user: UserRow,
  millId: number,
  query: { start: number; limit: number; read?: 'true' | 'false'; client?: number },
): Promise<{ count: number; data: Message[] }> {
  const scope: SQL[] = [eq(projects.millId, millId), sql`${projects.submittedAt} is not null`, sql`${messages.authorId} is distinct from ${user.id}`];
  if (user.roleType === 'mill') {
    await requireMillStaff(request, deps.db, millId);
    if (query.client !== undefined) scope.push(eq(projects.labId, query.client));
  } else {
    const { lab } = await labAsClient(deps.db, user, millId);
    scope.push(eq(projects.labId, lab.id));
  }
  if (query.read === 'true') scope.push(readFlag(user.id));
  if (query.read === 'false') scope.push(sql`not ${readFlag(user.id)}`);
  const where = and(...scope);
  const [rows, [total]] = await Promise.all([
    messageQuery(deps.db, user.id).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(query.limit).offset(query.start),
    deps.db.select({ n: count() }).from(messages).innerJoin(projects, eq(projects.id, messages.projectId)).where(where),
  ]);
  return { count: total?.n ?? 0, data: rows.map((row) => toMessageDto(row as MessageRow, row.read)) };
}

