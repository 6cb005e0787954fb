import { describe, expect, it } from 'vitest';
import { listMessages } from '@casebridge/shared/contracts/messages';
import { listLabOrders, listMillOrders } from '@casebridge/shared/contracts/orders';
import type { Message } from '@casebridge/shared/schemas/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { orderFixture } from '../../../test/fixtures.ts';
import type { AppNotification } from '../api/notifications-api.ts';
import { notificationTarget } from './notification-target.ts';

const newOrder: AppNotification = {
  notificationId: 5,
  notificationType: 'newProjectCreated',
  objectId: 40,
  parentObjectId: null,
  message: 'Bridge 14-16',
  isRead: false,
  millId: 7,
  createdAt: '2025-03-01T09:05:00.000Z',
  orderId: null,
  orderName: null,
  componentId: null,
  componentName: null,
};

const order = orderFixture();

const message: Message = {
  id: 90,
  projectId: 40,
  componentId: 401,
  message: 'Please use shade A2',
  created_at: '2025-03-02T10:00:00.000Z',
  read: false,
  readAt: null,
  author: { id: 21, firstName: 'Lena', lastName: 'Lab', avatar: null, role: 'lab', millRole: null },
  companyName: 'Demo Lab',
};

const paths = (calls: { url: string }[]) => calls.map((call) => new URL(call.url, 'http://x').pathname);

describe('notificationTarget', () => {
  it("opens a new order's first component, found in the mill's list by the order's name", async () => {
    const calls = fakeApi([fake(listMillOrders, () => ({ body: { count: 1, data: [order] } }))]);
    expect(await notificationTarget('mill', null, newOrder)).toBe('/mills/projects/40/components/400');
    expect(paths(calls)).toEqual(['/api/mills/7/projects']);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('_q')).toBe('Bridge 14-16');
  });

  it("searches a lab's own list with the mill in the query, and falls back to the list searched by name when the order is not among the results", async () => {
    const calls = fakeApi([fake(listLabOrders, () => ({ body: { count: 1, data: [{ ...order, id: 41 }] } }))]);
    expect(await notificationTarget('lab', null, newOrder)).toBe('/lab/projects?q=Bridge%2014-16');
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('millId')).toBe('7');
  });

  it('falls back to the list searched by name when the lookup is refused', async () => {
    fakeApi([
      fake(listMillOrders, () => ({ status: 403, body: { statusCode: 403, error: 'Forbidden', code: 'FORBIDDEN', message: 'No' } })),
    ]);
    expect(await notificationTarget('mill', null, newOrder)).toBe('/mills/projects?q=Bridge%2014-16');
  });

  it('finds the component of a message the notification does not name among the latest messages', async () => {
    const calls = fakeApi([fake(listMessages, () => ({ body: { count: 1, data: [message] } }))]);
    const written = { ...newOrder, notificationType: 'newMessageReceived' as const, objectId: 90, message: message.message };
    expect(await notificationTarget('lab', 7, { ...written, millId: null })).toBe('/lab/projects/40/components/401');
    expect(paths(calls)).toEqual(['/api/mills/7/messages']);
  });
});
