import type { z } from 'zod';
import type { notificationsResponseSchema } from '@casebridge/shared/schemas/account';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import type { SqlExecutor } from '../../platform/jobs/job-queue.ts';
import type { AfterCommit, DomainEvents } from '../../platform/events/domain-events.ts';
import type { FilesExpiringNotice } from '@casebridge/shared/schemas/billing';
import { labById } from '../companies/companies.queries.ts';
import { orderAndComponentNames } from '../orders/orders.queries.ts';
import { staffUserIdsOf } from '../mill-users/mill-users.queries.ts';
import type { UserRow } from '../users/users.service.ts';
import { settingsOf, labUsersOfCompany, languageOf, usersById } from '../users/users.queries.ts';
import { renderNotificationMail } from './notifications.mails.ts';
import {
  deleteAllOfUser,
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
 * its own object (its name is the notification's text); a message was written on an order (its
 * parent object) or on one of its components. Names are read now: a renamed component shows its new name.
 */
async function placesOf(db: Db, rows: NotificationRow[]): Promise<(row: NotificationRow) => NotificationPlace> {
  const aboutMessages = rows.filter((row) => row.type === 'newMessageReceived' && row.parentObjectId !== null);
  const names = await orderAndComponentNames(db, {
    orderIds: aboutMessages.map((row) => row.parentObjectId!),
    componentIds: aboutMessages.flatMap((row) => (row.componentId === null ? [] : [row.componentId])),
  });
  return (row) => {
    if (row.type === 'newProjectCreated') return { ...NOWHERE, orderId: row.objectId, orderName: row.message };
    const orderName = row.type === 'newMessageReceived' && row.parentObjectId !== null ? names.orders.get(row.parentObjectId) : undefined;
    if (orderName === undefined) return NOWHERE;
    const componentName = row.componentId === null ? undefined : names.components.get(row.componentId);
    return {
      orderId: row.parentObjectId,
      orderName,
      componentId: componentName === undefined ? null : row.componentId,
      componentName: componentName ?? null,
    };
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
 * Listener of 'messages.read' (events.ts): the reader's notifications about those messages, and
 * about the order's arrival, are read; the bell must not call "new" what the reader has just read.
 */
export async function markActivityRead(tx: Db, read: DomainEvents['messages.read']): Promise<void> {
  await setActivityRead(tx, read.readerId, read.orderId, read.messageIds);
}

export interface NotificationEvent {
  type: ActivityNotificationType;
  millId: number;
  labId: number;
  /** The new order's id, or the new message's id. */
  objectId: number;
  /** For a message: its order. */
  parentObjectId: number | null;
  /** For a message: its component, if it was written on one. */
  componentId: number | null;
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
  const { millId, type, objectId, parentObjectId, componentId, message } = event;
  return insertNotifications(
    db,
    userIds.map((userId) => ({ userId, millId, type, objectId, parentObjectId, componentId, message })),
  );
}

/**
 * Stores the notifications and queues a mail for those who asked for mail, in the transaction of
 * the change that causes them (a message, a submitted order): both exist exactly when the change
 * committed. Answers who was told, and the live push to make once the transaction committed.
 */
export async function notify(
  deps: NotifyDeps,
  tx: Db,
  event: NotificationEvent,
  side: 'mill' | 'lab',
): Promise<{ recipients: number[]; publish: AfterCommit }> {
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

type NotifyDeps = Pick<AppDeps, 'realtime' | 'jobs' | 'config'>;

/** Listener of 'order.submitted' (events.ts): the mill's users are told of the new order. */
export async function notifyOrderSubmitted(deps: NotifyDeps, tx: Db, order: DomainEvents['order.submitted']): Promise<AfterCommit> {
  const { orderId, millId, labId, name, submittedBy, responsibleId } = order;
  const told = await notify(
    deps,
    tx,
    {
      type: 'newProjectCreated',
      millId,
      labId,
      objectId: orderId,
      parentObjectId: null,
      componentId: null,
      message: name,
      senderId: submittedBy,
      responsibleId,
    },
    'mill',
  );
  return told.publish;
}

/** Listener of 'message.posted' (events.ts): the other side of the order is told. */
export async function notifyMessagePosted(deps: NotifyDeps, tx: Db, posted: DomainEvents['message.posted']): Promise<AfterCommit> {
  const told = await notify(
    deps,
    tx,
    {
      type: 'newMessageReceived',
      millId: posted.millId,
      labId: posted.labId,
      objectId: posted.messageId,
      parentObjectId: posted.orderId,
      componentId: posted.componentId,
      message: posted.text.slice(0, 200),
      senderId: posted.authorId,
      responsibleId: posted.responsibleId,
    },
    posted.writtenBy === 'lab' ? 'mill' : 'lab',
  );
  return told.publish;
}

/**
 * Listener of 'plan.limit-reached' (events.ts; its own transaction, the refused one rolled back):
 * the "plan limit reached" notice for the mill's active staff, at most once per mill, limit and
 * day (UTC), so a busy lab does not flood the mill. The message is the limit's name; the web app
 * says it in the reader's language.
 */
export async function notifyPlanLimit(
  deps: Pick<AppDeps, 'realtime'>,
  tx: Db,
  attempt: DomainEvents['plan.limit-reached'],
): Promise<AfterCommit> {
  const { millId, limit } = attempt;
  await lockPlanLimitNotices(tx, millId, limit);
  if (await planLimitNoticedSince(tx, millId, limit, startOfUtcDay(new Date()))) return () => undefined;
  const staff = (await usersById(tx, await staffUserIdsOf(tx, millId))).filter((user) => !user.blocked);
  const stored = await insertNotifications(
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
  return () => {
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
  };
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

/** Account deletion (personal-data), in its transaction: a deleted user's bell goes. */
export async function deleteNotificationsOf(tx: Db, userId: number): Promise<number> {
  return deleteAllOfUser(tx, userId);
}
