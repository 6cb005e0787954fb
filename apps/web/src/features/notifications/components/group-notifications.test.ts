import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../api/notifications-api.ts';
import { filterGroups, groupNotifications, unreadGroupCount } from './group-notifications.ts';

let nextId = 1;
function notification(overrides: Partial<AppNotification>): AppNotification {
  return {
    notificationId: nextId++,
    notificationType: 'newMessageReceived',
    objectId: 1,
    parentObjectId: 10,
    message: 'hello',
    isRead: false,
    millId: 1,
    createdAt: '2025-01-01T00:00:00Z',
    orderId: null,
    orderName: null,
    componentId: null,
    componentName: null,
    ...overrides,
  };
}

describe('groupNotifications', () => {
  it('groups by type, object id and parent object id', () => {
    const list = [
      notification({ objectId: 1, parentObjectId: 10 }),
      notification({ objectId: 1, parentObjectId: 10 }),
      notification({ objectId: 1, parentObjectId: 11 }),
      notification({ objectId: 1, parentObjectId: 10, notificationType: 'newProjectCreated' }),
      notification({ objectId: 2, parentObjectId: 10 }),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((group) => group.items.length)).toEqual([2, 1, 1, 1]);
    expect(groups[0]!.items.map((item) => item.notificationId)).toEqual([list[0]!.notificationId, list[1]!.notificationId]);
  });

  it('shows a group through its first unread item, else its first item', () => {
    const read = notification({ isRead: true, message: 'read' });
    const unread = notification({ isRead: false, message: 'unread' });
    const laterUnread = notification({ isRead: false, message: 'later' });
    const [mixed] = groupNotifications([read, unread, laterUnread]);
    expect(mixed!.shown.message).toBe('unread');
    expect(mixed!.unreadIds).toEqual([unread.notificationId, laterUnread.notificationId]);

    const allRead = [
      notification({ objectId: 5, isRead: true, message: 'first' }),
      notification({ objectId: 5, isRead: true, message: 'second' }),
    ];
    expect(groupNotifications(allRead)[0]!.shown.message).toBe('first');
  });

  it('filters unread groups and counts them for the bell', () => {
    const list = [
      notification({ objectId: 7, isRead: true }),
      notification({ objectId: 8, isRead: true }),
      notification({ objectId: 8, isRead: false }),
      notification({ objectId: 9, isRead: false }),
      notification({ objectId: 9, isRead: false }),
    ];
    const groups = groupNotifications(list);
    expect(filterGroups(groups, 'all')).toHaveLength(3);
    expect(filterGroups(groups, 'unread').map((group) => group.shown.objectId)).toEqual([8, 9]);
    expect(unreadGroupCount(list)).toBe(2);
    expect(unreadGroupCount([])).toBe(0);
  });
});
