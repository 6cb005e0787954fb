import type { z } from 'zod';
import type { notificationsResponseSchema } from '@casebridge/shared/schemas/account';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { SqlExecutor } from '../../platform/jobs/job-queue.ts';
import type { FilesExpiringNotice, UsageStat } from '@casebridge/shared/schemas/billing';
import { PlanLimitError } from '../subscriptions/subscriptions.service.ts';
import { labById } from '../companies/companies.service.ts';
import { messagePlaces } from '../messages/messages.service.ts';
import { staffUserIdsOf } from '../mill-users/mill-users.service.ts';
import { labUsersOfCompany, languageOf, settingsOf, usersById, type UserRow } from '../users/users.service.ts';
import { renderNotificationMail } from './notifications.mails.ts';
import {
  insertNotifications,
  listOfUser,
  lockPlanLimitNotices,
  planLimitNoticedSince,
  setActivityRead,
  setReadState,
  filesExpiringCutoffs,
  type NotificationRow,
  type ActivityNotificationType,
} from './notifications.repository.ts';

/** The bell shows recent history; older notifications are not worth a page of their own yet. */
const LIST_LIMIT = 200;

type NotificationDto = z.infer<typeof notificationsResponseSchema>['notifications'][number];
type NotificationPlace = Pick<NotificationDto, 'orderId' | 'orderName' | 'componentId' | 'componentName'>;

const NOWHERE: NotificationPlace = { orderId: null, orderName: null, componentId: null, componentName: null };

/**
 * Which order and component a notification is about, so its card can say so: a new order is
 * its own object (its name is the notification's text); a message was written on an order or
 * on one of its components.
 */
async function placesOf(db: Db, rows: NotificationRow[]): Promise<(row: NotificationRow) => NotificationPlace> {
  const messageIds = rows.filter((row) => row.type === 'newMessageReceived').map((row) => row.objectId);
  const byMessage = new Map((await messagePlaces(db, messageIds)).map((place) => [place.messageId, place]));
  return (row) => {
    if (row.type === 'newProjectCreated') return { ...NOWHERE, orderId: row.objectId, orderName: row.message };
    const place = row.type === 'newMessageReceived' ? byMessage.get(row.objectId) : undefined;
    if (!place) return NOWHERE;
    const { orderId, orderName, componentId, componentName } = place;
    return { orderId, orderName, componentId, componentName };
  };
}

/** `GET /notifications`: the caller's own, newest first. */
export async function listNotifications(deps: AppDeps, user: SessionUser): Promise<z.infer<typeof notificationsResponseSchema>> {
  await authorize(deps.db, user, 'account.read', {});
  const rows = await listOfUser(deps.db, user.id, LIST_LIMIT);
  const placeOf = await placesOf(deps.db, rows);
  return {
    notifications: rows.map((row) => ({
      notificationId: row.id,
      notificationType: row.type,
      objectId: row.objectId,
      parentObjectId: row.parentObjectId,
      message: row.message,
      isRead: row.isRead,
      millId: row.millId,
      createdAt: row.createdAt.toISOString(),
      ...placeOf(row),
    })),
  };
}

/** `POST /notifications/markReadState`: only the caller's own change. */
export async function markReadState(deps: AppDeps, user: SessionUser, notificationIds: number[], read: boolean): Promise<void> {
  await authorize(deps.db, user, 'account.update', {});
  await setReadState(deps.db, user.id, notificationIds, read);
}

/**
 * For the messages feature, after its own access check: the viewer read the messages on a
 * component of this order, so their notifications about them (and about the order) are read.
 */
export async function markActivityRead(db: Db, userId: number, read: { orderId: number; messageIds: number[] }): Promise<void> {
  await setActivityRead(db, userId, read.orderId, read.messageIds);
}

export interface NotificationEvent {
  type: ActivityNotificationType;
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

const MAIL_SETTING: Record<ActivityNotificationType, 'sendEmailOnNewProjectIsCreated' | 'sendEmailOnNewMessageReceived'> = {
  newProjectCreated: 'sendEmailOnNewProjectIsCreated',
  newMessageReceived: 'sendEmailOnNewMessageReceived',
};

const SETTING: Record<ActivityNotificationType, 'notificationOnNewProjectIsCreated' | 'notificationOnNewMessageReceived'> = {
  newProjectCreated: 'notificationOnNewProjectIsCreated',
  newMessageReceived: 'notificationOnNewMessageReceived',
};

/**
 * The acceptance rules of spec §4 ("Live events"), applied on the server: the recipient wants
 * this kind, is not the sender, and, on the mill side, is responsible or nobody is. The mill and
 * lab checks hold by construction: recipients are the staff of the event's mill and the users of
 * the event's lab.
 */
async function candidatesOf(db: Db, event: NotificationEvent, side: 'mill' | 'lab'): Promise<UserRow[]> {
  const candidates = side === 'mill' ? await usersById(db, await staffUserIdsOf(db, event.millId)) : await usersOfLab(db, event.labId);
  return candidates
    .filter((user) => !user.blocked && user.id !== event.senderId)
    .filter((user) => side === 'lab' || event.responsibleId === null || event.responsibleId === user.id);
}

async function usersOfLab(db: Db, labId: number): Promise<UserRow[]> {
  const lab = await labById(db, labId);
  return lab ? labUsersOfCompany(db, lab.companyId) : [];
}

const wants = (user: UserRow, setting: (typeof SETTING)[ActivityNotificationType] | (typeof MAIL_SETTING)[ActivityNotificationType]) =>
  Boolean(settingsOf(user)[setting]);

/** One queued mail per recipient who asked for mail; the queue retries a failing mail server. */
async function queueMails(
  deps: Pick<AppDeps, 'jobs' | 'config'>,
  tx: SqlExecutor,
  event: NotificationEvent,
  side: 'mill' | 'lab',
  recipients: UserRow[],
): Promise<void> {
  const link = `${deps.config.publicUrl}${side === 'mill' ? '/mills' : '/lab'}/${event.type === 'newProjectCreated' ? 'projects' : 'messages'}`;
  for (const user of recipients) {
    await deps.jobs.enqueue(tx, 'mail.send', {
      to: user.email,
      ...renderNotificationMail(event.type, languageOf(user), event.message, link),
    });
  }
}

function storeNotifications(db: Db, event: NotificationEvent, userIds: number[]) {
  const { millId, type, objectId, parentObjectId, message } = event;
  return insertNotifications(
    db,
    userIds.map((userId) => ({ userId, millId, type, objectId, parentObjectId, message })),
  );
}

/**
 * Stores the notifications and queues a mail for those who asked for mail, in the transaction of
 * the change that causes them (a message, a submitted order): both exist exactly when the change
 * committed. Returns who was told, and the live push to make once the transaction committed.
 */
export async function notify(
  deps: Pick<AppDeps, 'realtime' | 'jobs' | 'config'>,
  tx: Db,
  event: NotificationEvent,
  side: 'mill' | 'lab',
): Promise<{ recipients: number[]; publish: () => void }> {
  const candidates = await candidatesOf(tx, event, side);
  const recipients = candidates.filter((user) => wants(user, SETTING[event.type])).map((user) => user.id);
  await queueMails(
    deps,
    tx,
    event,
    side,
    candidates.filter((user) => wants(user, MAIL_SETTING[event.type])),
  );
  const stored = await storeNotifications(tx, event, recipients);
  const lab = await labById(tx, event.labId);
  const publish = () => {
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
  };
  return { recipients, publish };
}

// A plan's limit refused something (modules/subscriptions): the mill is told.

/** Which limit: the same names as the usage statistics the notice links to. */
export type PlanLimit = UsageStat['name'];

export interface PlanLimitAttempt {
  millId: number;
  limit: PlanLimit;
  /** Who tried (a lab user, or the mill's own staff). */
  triedBy: number;
}

/**
 * Runs work a plan's limit may refuse. A refusal is told to the mill's staff, then passed on
 * unchanged to whoever tried (409 PLAN_LIMIT_REACHED).
 */
export async function tellingPlanLimits<T>(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  attempt: PlanLimitAttempt,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlanLimitError) await notifyPlanLimit(deps, attempt);
    throw error;
  }
}

/**
 * Stores the "plan limit reached" notice for the mill's active staff in a transaction of its own
 * (the refused one rolled back), at most once per mill, limit and day (UTC): a busy lab does not
 * flood the mill. The message is the limit's name; the web app says it in the reader's language.
 */
async function notifyPlanLimit(deps: Pick<AppDeps, 'db' | 'realtime'>, attempt: PlanLimitAttempt): Promise<void> {
  const { millId, limit } = attempt;
  const stored = await deps.db.transaction(async (tx) => {
    await lockPlanLimitNotices(tx, millId, limit);
    if (await planLimitNoticedSince(tx, millId, limit, startOfUtcDay(new Date()))) return [];
    const staff = (await usersById(tx, await staffUserIdsOf(tx, millId))).filter((user) => !user.blocked);
    return insertNotifications(
      tx,
      staff.map((user) => ({
        userId: user.id,
        millId,
        type: 'planLimitReached' as const,
        objectId: millId,
        parentObjectId: null,
        message: limit,
      })),
    );
  });
  for (const row of stored) {
    deps.realtime.publish([row.userId], {
      type: 'planLimitReached',
      notificationId: row.id,
      objectId: millId,
      parentObjectId: null,
      message: limit,
      millId,
      labCompanyId: null,
      userId: attempt.triedBy,
      responsible: null,
    });
  }
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

// The retention job (modules/file-retention) warns the mill's staff a week before files go.

/**
 * The upload cutoffs the mill's staff were warned about: the latest (`warned`) and the latest
 * whose announced deletion day has come by `now` (`due`). The warnings are the record retention
 * keeps of what it announced: no file is deleted unless one of them covered it.
 */
export async function filesExpiringCutoffsOf(db: Db, millId: number, now: Date): Promise<{ warned: Date | null; due: Date | null }> {
  return filesExpiringCutoffs(db, millId, await staffUserIdsOf(db, millId), now);
}

/**
 * Stores the warning for each of the mill's active staff in the caller's transaction (the job's,
 * which also queues their mails); answers who was warned.
 */
export async function storeFilesExpiring(tx: Db, millId: number, notice: FilesExpiringNotice): Promise<UserRow[]> {
  const staff = (await usersById(tx, await staffUserIdsOf(tx, millId))).filter((user) => !user.blocked);
  const message = JSON.stringify(notice);
  await insertNotifications(
    tx,
    staff.map((user) => ({ userId: user.id, millId, type: 'filesExpiring' as const, objectId: millId, parentObjectId: null, message })),
  );
  return staff;
}
