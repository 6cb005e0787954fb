import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationsQuery } from '../api/notifications-api.ts';
import { COMPONENT_QUERY_PREFIX, refreshNotificationsOnRead } from './use-refresh-on-read.ts';

const stale = (client: QueryClient) => client.getQueryState(notificationsQuery.queryKey)?.isInvalidated;

describe('refreshNotificationsOnRead', () => {
  it("makes the notifications stale after a component's page loaded (its messages were read then), not after other loads", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(notificationsQuery.queryKey, { notifications: [] });
    const stop = refreshNotificationsOnRead(client);

    await client.fetchQuery({ queryKey: ['orders', 'mill', 7, {}], queryFn: () => ({ data: [] }) });
    expect(stale(client)).toBe(false);

    // The orders feature's component detail (orders-api.ts `componentKey`): ['orders', 'component', projectId, componentId].
    await client.fetchQuery({ queryKey: [...COMPONENT_QUERY_PREFIX, 40, 400], queryFn: () => ({ id: 400 }) });
    expect(stale(client)).toBe(true);

    stop();
    client.setQueryData(notificationsQuery.queryKey, { notifications: [] });
    await client.fetchQuery({ queryKey: [...COMPONENT_QUERY_PREFIX, 40, 401], queryFn: () => ({ id: 401 }) });
    expect(stale(client)).toBe(false);
  });
});
