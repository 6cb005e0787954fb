import { useLayoutEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Once the app has rendered (or hydrated the prerendered home): shows the page if the
 * prerendered home was hidden from this reader (build/prerender-home.ts), and says the page is
 * interactive (`data-app="ready"`, which the browser tests wait for before clicking).
 */
function useMarkAppReady(): void {
  useLayoutEffect(() => {
    delete document.documentElement.dataset.prerender;
    document.documentElement.dataset.app = 'ready';
  }, []);
}

/** The whole app for a router: the browser's, or a memory router when the build prerenders the home. */
export function AppTree({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  useMarkAppReady();
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return <AppTree queryClient={queryClient} router={router} />;
}
