import { act, screen, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { Session } from '@casebridge/shared/schemas/auth';
import { useNewOrdersCount } from '../../../lib/new-orders-counter.ts';
import { useNotifications } from '../api/notifications-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { listNotifications } from '@casebridge/shared/contracts/notifications';
import type { LiveEvent, MessageReadEvent } from '@casebridge/shared/schemas/live-events';
import { useLiveEvents } from './use-live-events.ts';
import { getComponent } from '@casebridge/shared/contracts/orders';
import { pathKey } from '../../../lib/endpoint-query.ts';

type Handler = (event: LiveEvent) => void;

/** The bell's list, empty: the only request these tests expect. */
const noNotifications = () => fakeApi([fake(listNotifications, () => ({ body: { notifications: [] } }))]);

function fakeSocket() {
  const handlers = new Map<string, Handler>();
  const socket = {
    on: vi.fn((name: string, handler: Handler) => handlers.set(name, handler)),
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
  };
  vi.mocked(io).mockReturnValue(socket as never);
  return { socket, emit: (name: string, event: LiveEvent) => act(() => handlers.get(name)?.(event)) };
}

function Probe({ session }: { session: Session }) {
  useLiveEvents(session, 7);
  // A mounted notifications query, as the bell keeps one.
  useNotifications();
  return <p>new orders: {useNewOrdersCount()}</p>;
}

const newOrder: LiveEvent = {
  type: 'newProjectCreated',
  notificationId: 5,
  objectId: 40,
  parentObjectId: null,
  message: 'Bridge 14-16',
  millId: 7,
  labCompanyId: 50,
  userId: 99,
  responsible: null,
};

describe('useLiveEvents', () => {
  it('connects with the token in the handshake, toasts accepted events, raises the counter and refreshes the bell', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    const calls = noNotifications();
    const { emit, socket } = fakeSocket();
    const { unmount } = renderWithProviders(<Probe session={sessionFixture('mill')} />);

    const notificationCalls = () => calls.filter((call) => call.url.startsWith('/api/notifications')).length;
    await waitFor(() => expect(notificationCalls()).toBe(1));
    expect(io).toHaveBeenCalledWith({ path: '/socket.io', transports: ['websocket'], auth: { token: 'secret-token' }, reconnection: true });
    emit('newProjectCreated', newOrder);
    expect(await screen.findByText('Bridge 14-16')).toBeTruthy();
    expect(screen.getByText('New order')).toBeTruthy();
    expect(screen.getByText('new orders: 1')).toBeTruthy();
    // The refreshed notifications are what moves the bell badge.
    await waitFor(() => expect(notificationCalls()).toBe(2));

    // Somebody else's order (another responsible) is ignored.
    emit('newProjectCreated', { ...newOrder, message: 'Not mine', responsible: 2 });
    expect(screen.queryByText('Not mine')).toBeNull();
    expect(screen.getByText('new orders: 1')).toBeTruthy();

    unmount();
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it("toasts a plan's limit in the reader's language, without counting it as an order", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    noNotifications();
    const { emit } = fakeSocket();
    renderWithProviders(<Probe session={sessionFixture('mill')} />);
    const ordersBefore = screen.getByText(/new orders:/).textContent;

    emit('planLimitReached', { ...newOrder, type: 'planLimitReached', message: 'clients', objectId: 7, labCompanyId: null });
    expect(
      await screen.findByText("Your plan's client limit is reached: no further client can be added. Upgrade your plan to add more."),
    ).toBeTruthy();
    expect(screen.getByText('Plan limit reached')).toBeTruthy();
    expect(screen.getByText(/new orders:/).textContent).toBe(ordersBefore);
  });

  it("reloads the open chat of an order when the other side read one's message there", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret-token');
    noNotifications();
    const { emit } = fakeSocket();
    const { client } = renderWithProviders(<Probe session={sessionFixture('lab')} />);
    const chat = pathKey(getComponent, { projectId: 40, id: 400 });
    const otherChat = pathKey(getComponent, { projectId: 41, id: 410 });
    client.setQueryData(chat, { id: 400 });
    client.setQueryData(otherChat, { id: 410 });

    const read: MessageReadEvent = {
      type: 'messageRead',
      messageId: 3,
      projectId: 40,
      componentId: 400,
      readAt: '2025-03-01T12:00:00.000Z',
    };
    emit('messageRead', read as unknown as LiveEvent);
    expect(client.getQueryState(chat)?.isInvalidated).toBe(true);
    expect(client.getQueryState(otherChat)?.isInvalidated).toBe(false);
  });
});
