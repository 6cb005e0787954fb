import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import type { Session } from '@casebridge/shared/schemas/auth';
import { componentKeyPrefix, orderQueryKeys } from '../../../lib/order-query-keys.ts';
import { raiseNewOrders } from '../../../lib/new-orders-counter.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { notificationsQuery } from '../api/notifications-api.ts';
import { LIVE_EVENT_TYPES, MESSAGE_READ_EVENT, type LiveEvent, type MessageReadEvent } from '@casebridge/shared/schemas/live-events';
import { acceptLiveEvent } from './accept-live-event.ts';

/** One socket.io connection per tab; the token travels in the handshake payload, never the URL. */
export function connectLiveEvents(token: string): Socket {
  return io({ path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: true });
}

/**
 * Keeps a live connection while somebody is signed in (closed on sign-out, when the token goes)
 * and turns accepted events into a fresh bell badge, a toast and, for orders, the counter. The
 * other side reading one's message reloads that order's open chat, which then shows the read mark.
 */
export function useLiveEvents(session: Session | null, selectedMillId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? null;
  // The handler reads the latest session and mill without reconnecting when they change.
  const latest = useRef({ session, selectedMillId, t });
  useEffect(() => {
    latest.current = { session, selectedMillId, t };
  });

  useEffect(() => {
    if (userId === null) return;
    const token = localStorage.getItem(STORAGE_KEYS.token);
    if (!token) return;
    const socket = connectLiveEvents(token);
    const handle = (event: LiveEvent) => {
      const { session: current, selectedMillId: millId, t: translate } = latest.current;
      if (!current || !acceptLiveEvent(event, current, millId)) return;
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      if (event.type === 'newProjectCreated') {
        raiseNewOrders();
        notifyInfo(event.message, translate('live.newOrder'));
      } else if (event.type === 'planLimitReached') {
        notifyInfo(translate(`notifications.planLimit.${event.message}`), translate('live.planLimitReached'));
      } else {
        // The order lists, the open component and the mill's messages page (keys are their contracts' paths).
        for (const queryKey of orderQueryKeys(millId)) void queryClient.invalidateQueries({ queryKey });
        notifyInfo(event.message, translate('live.newMessage'));
      }
    };
    for (const type of LIVE_EVENT_TYPES) socket.on(type, handle);
    // The server closes the connection of a session that ended (signed out elsewhere, ADR 0021):
    // asking for the session again answers 401, which signs this tab out at once.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });
    socket.on(MESSAGE_READ_EVENT, (event: MessageReadEvent) => {
      void queryClient.invalidateQueries({ queryKey: componentKeyPrefix(event.projectId) });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, queryClient]);
}
