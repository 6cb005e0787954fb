import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationsQuery } from '../api/notifications-api.ts';
import { getComponent } from '@casebridge/shared/contracts/orders';
import { pathKey } from '../../../lib/endpoint-query.ts';
import { refreshNotificationsOnRead } from './use-refresh-on-read.ts';

const stale = (client: QueryClient) => client.getQueryState(notificationsQuery.queryKey)?.isInvalidated;

describe('refreshNotificationsOnRead', () => {
  it("makes the notifications stale after a component's page loaded (its messages were read then), not after other loads", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(notificationsQuery.queryKey, { notifications: [] });
    const stop = refreshNotificationsOnRead(client);

    await client.fetchQuery({ queryKey: ['mills', 7, 'projects', {}], queryFn: () => ({ data: [] }) });
    await client.fetchQuery({ queryKey: ['projects', 40, 'components', 400, 'download', 'documents'], queryFn: () => ({ url: '' }) });
    expect(stale(client)).toBe(false);

    // The orders feature reads a component through its contract: the key is the contract's path.
    await client.fetchQuery({ queryKey: pathKey(getComponent, { projectId: 40, id: 400 }), queryFn: () => ({ id: 400 }) });
    expect(stale(client)).toBe(true);

    stop();
    client.setQueryData(notificationsQuery.queryKey, { notifications: [] });
    await client.fetchQuery({ queryKey: pathKey(getComponent, { projectId: 40, id: 401 }), queryFn: () => ({ id: 401 }) });
    expect(stale(client)).toBe(false);
  });
});
