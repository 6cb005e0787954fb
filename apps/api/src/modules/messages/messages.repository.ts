import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { components, messageReads, messages, projects } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The messages' tables: messages and their read marks. A message is shown with its author's
 * name, company and mill role, and a mill's messages are found through their orders: those are
 * read-only joins in the same statement, because a page of messages must not cost a lookup per
 * message in the owners' services.
 */
export interface MessageRow {
  id: number;
  projectId: number;
  componentId: number | null;
  message: string;
  createdAt: Date;
  authorId: number | null;
  firstName: string | null;
  lastName: string | null;
  avatarPath: string | null;
  role: Message['author']['role'];
  companyName: string | null;
  millRole: 'admin' | 'user' | null;
  /** Written by the viewer, or marked read by them. */
  read: boolean;
}

function readBy(viewerId: number) {
  return sql<boolean>`(${messages.authorId} = ${viewerId} or exists (select 1 from message_reads mr where mr.message_id = ${messages.id} and mr.user_id = ${viewerId}))`;
}

function selectMessages(db: Db, viewerId: number) {
  return db
    .select({
      id: messages.id,
      projectId: messages.projectId,
      componentId: messages.componentId,
      message: messages.message,
      createdAt: messages.createdAt,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarPath: users.avatarPath,
      role: users.roleType,
      companyName: companies.name,
      millRole: millMembers.millRole,
      read: readBy(viewerId),
    })
    .from(messages)
    .innerJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(millMembers, and(eq(millMembers.userId, users.id), eq(millMembers.millId, projects.millId)));
}

export async function insertMessage(db: Db, values: { projectId: number; componentId: number | null; authorId: number; message: string }): Promise<number> {
  const [created] = await db.insert(messages).values(values).returning({ id: messages.id });
  return created!.id;
}

export async function findMessage(db: Db, viewerId: number, messageId: number): Promise<MessageRow | null> {
  const [row] = await selectMessages(db, viewerId).where(eq(messages.id, messageId));
  return row ?? null;
}

/** A component's conversation (or the order's own, with componentId null), oldest first. */
export async function findConversation(db: Db, viewerId: number, orderId: number, componentId: number | null): Promise<MessageRow[]> {
  return selectMessages(db, viewerId)
    .where(and(eq(messages.projectId, orderId), componentId === null ? isNull(messages.componentId) : eq(messages.componentId, componentId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Marks what others wrote on a component read, for this user only; returns those messages' ids. */
export async function markRead(db: Db, userId: number, orderId: number, componentId: number): Promise<number[]> {
  const unread = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.projectId, orderId), eq(messages.componentId, componentId), ne(messages.authorId, userId)));
  if (unread.length === 0) return [];
  await db
    .insert(messageReads)
    .values(unread.map((m) => ({ messageId: m.id, userId })))
    .onConflictDoNothing();
  return unread.map((m) => m.id);
}

export interface MessagePlace {
  messageId: number;
  orderId: number;
  orderName: string;
  componentId: number | null;
  componentName: string | null;
}

/** Where messages were written: their order and component with names, in one statement for a whole list. */
export async function findMessagePlaces(db: Db, messageIds: number[]): Promise<MessagePlace[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: messages.id, orderId: projects.id, orderName: projects.name, componentId: components.id, componentName: components.name })
    .from(messages)
    .innerJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(components, eq(components.id, messages.componentId))
    .where(inArray(messages.id, messageIds));
}

export interface MillMessagesScope {
  millId: number;
  viewerId: number;
  /** Only the orders of this lab. */
  labId?: number;
  read?: boolean;
}

/** What others wrote in a mill's submitted orders, newest first, with the total on the same filters. */
export async function findMillMessages(db: Db, scope: MillMessagesScope, page: { start: number; limit: number }): Promise<{ total: number; rows: MessageRow[] }> {
  const conditions: SQL[] = [eq(projects.millId, scope.millId), sql`${projects.submittedAt} is not null`, sql`${messages.authorId} is distinct from ${scope.viewerId}`];
  if (scope.labId !== undefined) conditions.push(eq(projects.labId, scope.labId));
  if (scope.read === true) conditions.push(readBy(scope.viewerId));
  if (scope.read === false) conditions.push(sql`not ${readBy(scope.viewerId)}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectMessages(db, scope.viewerId).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit).offset(page.start),
    db.select({ n: count() }).from(messages).innerJoin(projects, eq(projects.id, messages.projectId)).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}
