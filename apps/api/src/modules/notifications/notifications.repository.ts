import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, type NotificationType } from '../../db/schema/notifications.ts';

/** The notifications table: what the bell shows each user. */
export type NotificationRow = typeof notifications.$inferSelect;
export type { NotificationType };
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'millId' | 'type' | 'objectId' | 'parentObjectId' | 'message'>;

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

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id, userId: notifications.userId });
}
