import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { labs } from '../../db/schema/labs.ts';
import { millMembers } from '../../db/schema/mills.ts';
import { notifications, type NotificationType } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { DEFAULT_SETTINGS } from '../session/session.service.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '@casebridge/shared/constants/languages';
import { renderNotificationMail } from './notification-mails.ts';

export interface NotificationEvent {
  type: NotificationType;
  millId: number;
  labId: number;
  /** The new order's id, or the new message's id. */
  objectId: number;
  /** For a message: its order. */
  parentObjectId: number | null;
  message: string;
  senderId: number;
  /** The order's responsible mill user, if any. */
  responsibleId: number | null;
}

const MAIL_SETTING: Record<NotificationType, 'sendEmailOnNewProjectIsCreated' | 'sendEmailOnNewMessageReceived'> = {
  newProjectCreated: 'sendEmailOnNewProjectIsCreated',
  newMessageReceived: 'sendEmailOnNewMessageReceived',
};

const SETTING: Record<NotificationType, 'notificationOnNewProjectIsCreated' | 'notificationOnNewMessageReceived'> = {
  newProjectCreated: 'notificationOnNewProjectIsCreated',
  newMessageReceived: 'notificationOnNewMessageReceived',
};

/**
 * The acceptance rules of spec §4 ("Live events"), applied on the server: the recipient wants
 * this kind, is not the sender, and, on the mill side, is responsible or nobody is. The mill and
 * lab checks hold by construction: recipients are the staff of the event's mill and the users of
 * the event's lab.
 */
type UserRow = typeof users.$inferSelect;

async function candidatesOf(db: Db, event: NotificationEvent, side: 'mill' | 'lab'): Promise<UserRow[]> {
  const candidates =
    side === 'mill'
      ? await db.select({ user: users }).from(millMembers).innerJoin(users, eq(users.id, millMembers.userId)).where(eq(millMembers.millId, event.millId))
      : await db.select({ user: users }).from(labs).innerJoin(users, eq(users.companyId, labs.companyId)).where(and(eq(labs.id, event.labId), eq(users.roleType, 'lab')));
  return candidates
    .map(({ user }) => user)
    .filter((user) => !user.blocked && user.id !== event.senderId)
    .filter((user) => side === 'lab' || event.responsibleId === null || event.responsibleId === user.id);
}

const wants = (user: UserRow, setting: keyof typeof DEFAULT_SETTINGS) => Boolean({ ...DEFAULT_SETTINGS, ...user.settings }[setting]);

export async function recipientsOf(db: Db, event: NotificationEvent, side: 'mill' | 'lab'): Promise<number[]> {
  return (await candidatesOf(db, event, side)).filter((user) => wants(user, SETTING[event.type])).map((user) => user.id);
}

function mailLater(deps: Pick<AppDeps, 'mailer' | 'config'>, event: NotificationEvent, side: 'mill' | 'lab', recipients: UserRow[]): void {
  if (recipients.length === 0) return;
  const link = `${deps.config.publicUrl}${side === 'mill' ? '/mills' : '/lab'}/${event.type === 'newProjectCreated' ? 'projects' : 'messages'}`;
  setImmediate(() => {
    for (const user of recipients) {
      const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
      const mail = renderNotificationMail(event.type, language, event.message, link);
      deps.mailer.send({ to: user.email, ...mail }).catch(() => undefined);
    }
  });
}

export async function storeNotifications(db: Db, event: NotificationEvent, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.insert(notifications).values(
    userIds.map((userId) => ({
      userId,
      millId: event.millId,
      type: event.type,
      objectId: event.objectId,
      parentObjectId: event.parentObjectId,
      message: event.message,
    })),
  ).returning({ id: notifications.id, userId: notifications.userId });
}

/**
 * Stores the notifications, pushes each recipient its own live event, and mails those who asked
 * for mail. Mail goes out after the answer, so a slow mail server never slows the sender.
 */
export async function notify(deps: Pick<AppDeps, 'db' | 'realtime' | 'mailer' | 'config'>, event: NotificationEvent, side: 'mill' | 'lab'): Promise<number[]> {
  const candidates = await candidatesOf(deps.db, event, side);
  const userIds = candidates.filter((user) => wants(user, SETTING[event.type])).map((user) => user.id);
  mailLater(deps, event, side, candidates.filter((user) => wants(user, MAIL_SETTING[event.type])));
  const stored = await storeNotifications(deps.db, event, userIds);
  const [lab] = await deps.db.select({ companyId: labs.companyId }).from(labs).where(eq(labs.id, event.labId));
  for (const row of stored) {
    deps.realtime.publish([row.userId], {
      type: event.type,
      notificationId: row.id,
      objectId: event.objectId,
      parentObjectId: event.parentObjectId,
      message: event.message,
      millId: event.millId,
      labCompanyId: lab?.companyId ?? null,
      userId: event.senderId,
      responsible: event.responsibleId,
    });
  }
  return userIds;
}

