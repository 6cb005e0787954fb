import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, type NotificationType } from '../../db/schema/notifications.ts';

/** The notifications table: what the bell shows each user. */
export type NotificationRow = typeof notifications.$inferSelect;
export type { NotificationType };
/** Notifications about an order or a message: users choose in their settings whether they want them. */
export type ActivityNotificationType = Exclude<NotificationType, 'planLimitReached' | 'filesExpiring'>;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'millId' | 'type' | 'objectId' | 'parentObjectId' | 'componentId' | 'message'
>;

export async function listOfUser(db: Db, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Scoped to the user: ids of someone else's notifications change nothing. */
export async function setReadState(db: Db, userId: number, ids: number[], read: boolean): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: read })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
}

/**
 * The user's unread notifications about these messages, and about this order's arrival, become
 * read: the user has just read the messages on the order's component.
 */
export async function setActivityRead(db: Db, userId: number, orderId: number, messageIds: number[]): Promise<void> {
  const aboutOrder = and(eq(notifications.type, 'newProjectCreated'), eq(notifications.objectId, orderId));
  const aboutMessages = messageIds.length
    ? and(eq(notifications.type, 'newMessageReceived'), inArray(notifications.objectId, messageIds))
    : undefined;
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), or(aboutOrder, aboutMessages)));
}

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id, userId: notifications.userId });
}

/**
 * Serialises the plan-limit notices of one mill and limit until the transaction ends, so two
 * refusals at once cannot both find no notice and both store one.
 */
export async function lockPlanLimitNotices(tx: Db, millId: number, limit: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planLimitReached:${millId}:${limit}`}))`);
}

/** Whether the mill's staff were told about this limit since `since`. */
export async function planLimitNoticedSince(db: Db, millId: number, limit: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.millId, millId),
        eq(notifications.type, 'planLimitReached'),
        eq(notifications.message, limit),
        gte(notifications.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The file-retention warnings stored for the mill (type filesExpiring; message: the JSON of
 * FilesExpiringNotice): the latest upload cutoff warned about, and the latest one whose announced
 * deletion day has come. Looked up through the staff's own index (user, created), not a scan.
 */
export async function filesExpiringCutoffs(
  db: Db,
  millId: number,
  staffIds: number[],
  now: Date,
): Promise<{ warned: Date | null; due: Date | null }> {
  if (staffIds.length === 0) return { warned: null, due: null };
  const { rows } = await db.execute<{ warned: string | null; due: string | null }>(sql`
    select max((message::jsonb ->> 'uploadedBefore')::timestamptz) as warned,
           max((message::jsonb ->> 'uploadedBefore')::timestamptz) filter (where (message::jsonb ->> 'deleteOn')::timestamptz <= ${now.toISOString()}::timestamptz) as due
    from ${notifications}
    where user_id in ${staffIds} and mill_id = ${millId} and type = 'filesExpiring'`);
  const row = rows[0];
  return { warned: row?.warned ? new Date(row.warned) : null, due: row?.due ? new Date(row.due) : null };
}

/** Every notification of the user, oldest first (the data export). */
export async function allOfUser(db: Db, userId: number): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt, notifications.id);
}

export async function deleteAllOfUser(db: Db, userId: number): Promise<number> {
  return (await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id })).length;
}
