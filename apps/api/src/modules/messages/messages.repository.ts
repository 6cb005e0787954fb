import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Message } from '@casebridge/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { messageReads, messages, projects } from '../../db/schema/orders.ts';
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
  readAt: Date | null;
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
      readAt: messages.readAt,
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

export async function insertMessage(
  db: Db,
  values: { projectId: number; componentId: number | null; authorId: number; message: string },
): Promise<number> {
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
    .where(
      and(eq(messages.projectId, orderId), componentId === null ? isNull(messages.componentId) : eq(messages.componentId, componentId)),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export interface FirstRead {
  id: number;
  authorId: number;
  readAt: Date;
}

/**
 * Marks what others wrote on a component read, for this user only. Returns those messages' ids,
 * and the ones this reading made read for their authors: the first read by the other side (a
 * mill user reading a lab's message, or the reverse) stamps the message's read_at. A colleague
 * of the author reading it stamps nothing. Each message is stamped once, whoever reads it at once.
 */
export async function markRead(
  db: Db,
  userId: number,
  orderId: number,
  componentId: number,
): Promise<{ messageIds: number[]; firstReads: FirstRead[] }> {
  const unread = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.projectId, orderId), eq(messages.componentId, componentId), ne(messages.authorId, userId)));
  if (unread.length === 0) return { messageIds: [], firstReads: [] };
  const messageIds = unread.map((m) => m.id);
  await db
    .insert(messageReads)
    .values(messageIds.map((messageId) => ({ messageId, userId })))
    .onConflictDoNothing();
  const firstReads = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        inArray(messages.id, messageIds),
        isNull(messages.readAt),
        sql`exists (select 1 from users author join users reader on reader.id = ${userId}
          where author.id = ${messages.authorId} and author.role_type <> reader.role_type)`,
      ),
    )
    .returning({ id: messages.id, authorId: messages.authorId, readAt: messages.readAt });
  // Both columns are set for every stamped row: it has an author, and it was just stamped.
  return { messageIds, firstReads: firstReads as FirstRead[] };
}

export interface MillMessagesScope {
  millId: number;
  viewerId: number;
  /** Only the orders of this lab. */
  labId?: number;
  read?: boolean;
}

/** What others wrote in a mill's submitted orders, newest first, with the total on the same filters. */
export async function findMillMessages(
  db: Db,
  scope: MillMessagesScope,
  page: { start: number; limit: number },
): Promise<{ total: number; rows: MessageRow[] }> {
  const conditions: SQL[] = [
    eq(projects.millId, scope.millId),
    sql`${projects.submittedAt} is not null`,
    sql`${messages.authorId} is distinct from ${scope.viewerId}`,
  ];
  if (scope.labId !== undefined) conditions.push(eq(projects.labId, scope.labId));
  if (scope.read === true) conditions.push(readBy(scope.viewerId));
  if (scope.read === false) conditions.push(sql`not ${readBy(scope.viewerId)}`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectMessages(db, scope.viewerId)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit)
      .offset(page.start),
    db.select({ n: count() }).from(messages).innerJoin(projects, eq(projects.id, messages.projectId)).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

/** Every message the user wrote, oldest first (the data export): text and where, not the conversation around it. */
export async function messagesByAuthor(
  db: Db,
  authorId: number,
): Promise<{ id: number; orderId: number; componentId: number | null; message: string; createdAt: Date; readAt: Date | null }[]> {
  return db
    .select({
      id: messages.id,
      orderId: messages.projectId,
      componentId: messages.componentId,
      message: messages.message,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .where(eq(messages.authorId, authorId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
