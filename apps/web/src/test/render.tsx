import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Session } from '@casebridge/shared/schemas/auth';
import { useAppTheme } from '../app/providers.tsx';
import { sessionQueryKey } from '../lib/session.ts';

export function testQueryClient(session: Session | null = null): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(sessionQueryKey, session);
  return client;
}

export interface RenderOptions {
  path?: string;
  session?: Session | null;
  /**
   * Mantine's test mode (`env="test"`): no transitions or portals, and an open menu's or tooltip's
   * dropdown is never hidden as "detached". jsdom lays nothing out (every rect is 0×0), so
   * floating-ui's `hide` middleware takes the target for scrolled away and Mantine sets
   * `display: none` on the open dropdown once its position resolves, a few microtasks after it
   * renders. A role query that first looks only after that never finds the items, which is what
   * happens on a loaded machine. Opt-in for now: making it the default wants a run of every web test.
   */
  mantineTestEnv?: boolean;
}

function Wrap({ client, testEnv, children }: { client: QueryClient; testEnv: boolean; children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <MantineProvider theme={theme} env={testEnv ? 'test' : 'default'}>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders routes in a memory router with the app's providers; the session is preset. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const client = testQueryClient(options.session ?? null);
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <Wrap client={client} testEnv={options.mantineTestEnv ?? false}>
      <RouterProvider router={router} />
    </Wrap>,
  );
  return { ...result, router, client };
}

/** Renders one element at `/` inside a data router (some components use router hooks). */
export function renderWithProviders(
  element: ReactNode,
  session: Session | null = null,
  options: Pick<RenderOptions, 'mantineTestEnv'> = {},
) {
  return renderRoutes([{ path: '*', element }], { ...options, session });
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
}

/** Replaces fetch; `respond` answers each call by method and path (without /api and query). */
export function mockFetch(respond: (call: FetchCall & { path: string }) => { status?: number; body?: unknown }) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { url, method, body };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const { status = 200, body: responseBody = {} } = respond({ ...call, path });
    return new Response(JSON.stringify(responseBody), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
