import type { AppNotification } from '../api/notifications-api.ts';

export interface NotificationGroup {
  key: string;
  items: AppNotification[];
  /** Spec §2: a group is shown through its first unread item, else its first item. */
  shown: AppNotification;
  unreadIds: number[];
}

export type NotificationFilter = 'all' | 'unread';

function groupKey(notification: AppNotification): string {
  return `${notification.notificationType}:${notification.objectId}:${notification.parentObjectId ?? ''}`;
}

/** Groups by type, object id and parent object id, keeping the order in which groups first appear. */
export function groupNotifications(notifications: AppNotification[]): NotificationGroup[] {
  const groups = new Map<string, AppNotification[]>();
  for (const notification of notifications) {
    const key = groupKey(notification);
    const items = groups.get(key);
    if (items) items.push(notification);
    else groups.set(key, [notification]);
  }
  return [...groups].map(([key, items]) => {
    const unread = items.filter((item) => !item.isRead);
    return { key, items, shown: unread[0] ?? items[0]!, unreadIds: unread.map((item) => item.notificationId) };
  });
}

export function filterGroups(groups: NotificationGroup[], filter: NotificationFilter): NotificationGroup[] {
  return filter === 'unread' ? groups.filter((group) => group.unreadIds.length > 0) : groups;
}

export function unreadGroupCount(notifications: AppNotification[]): number {
  return filterGroups(groupNotifications(notifications), 'unread').length;
}
