import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/notifications';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import type { AppNotification } from '../api/notifications-api.ts';
import { NotificationsPage } from './notifications-page.tsx';

const planFull: AppNotification = {
  notificationId: 3,
  notificationType: 'planLimitReached',
  objectId: 7,
  parentObjectId: null,
  message: 'storage',
  isRead: false,
  millId: 7,
  createdAt: '2025-01-01T00:00:00Z',
  orderId: null,
  orderName: null,
  componentId: null,
  componentName: null,
};

const crownMessage: AppNotification = {
  notificationId: 4,
  notificationType: 'newMessageReceived',
  objectId: 90,
  parentObjectId: 40,
  message: 'Please use shade A2',
  isRead: false,
  millId: 7,
  createdAt: '2025-01-02T00:00:00Z',
  orderId: 40,
  orderName: 'Case Meyer',
  componentId: 400,
  componentName: 'Crown 11',
};

/** The list and the read-state write, as their contracts say; any other request is refused. */
function stubApi(notification: AppNotification) {
  return fakeApi([
    fake(contracts.listNotifications, () => ({ body: { notifications: [notification] } })),
    fake(contracts.markReadState, () => ({ body: { ok: true as const, message: 'Updated' } })),
  ]);
}

describe('NotificationsPage', () => {
  it("says a plan's limit in the reader's language and leads to the usage details", async () => {
    const calls = stubApi(planFull);
    const { router } = renderRoutes(
      [
        { path: '/notifications', element: <NotificationsPage /> },
        { path: '/mill/contract', element: <p>contract page</p> },
      ],
      { path: '/notifications', session: sessionFixture('mill') },
    );

    expect(await screen.findByText('Plan limit reached')).toBeTruthy();
    const text = screen.getByText("Your plan's storage is full: further files are refused. Upgrade your plan for more storage.");
    fireEvent.click(text);

    expect(await screen.findByText('contract page')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=usage-details');
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: expect.stringContaining('/notifications/markReadState'),
        body: { notificationIds: [3], read: true },
      }),
    );
  });

  it('names the order and component of a message, and opens that component directly', async () => {
    const calls = stubApi(crownMessage);
    const { router } = renderRoutes(
      [
        { path: '/notifications', element: <NotificationsPage /> },
        { path: '/mills/projects/:projectId/components/:id', element: <p>component page</p> },
      ],
      { path: '/notifications', session: sessionFixture('mill') },
    );

    expect(await screen.findByText('Order: Case Meyer · Component: Crown 11')).toBeTruthy();
    fireEvent.click(screen.getByText('Please use shade A2'));
    expect(await screen.findByText('component page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mills/projects/40/components/400');
    // No search through the orders or messages lists: the notification says where it belongs.
    const lookups = calls.map((call) => new URL(call.url, 'http://x').pathname).filter((path) => /projects|messages/.test(path));
    expect(lookups).toEqual([]);
  });
});
