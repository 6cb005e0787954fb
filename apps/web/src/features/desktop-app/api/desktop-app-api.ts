import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/desktop-app';
import type { DesktopAppDetails } from '@casebridge/shared/schemas/desktop-app';
import { desktopAppQuery } from '../../../components/desktop-app-download.tsx';
import { callEndpoint, callMultipart } from '../../../lib/api-call.ts';

/**
 * What the manager saves: a new installer file, a new link, or neither (only the version and
 * notes change, the current download stays).
 */
export type DesktopAppChange = DesktopAppDetails & ({ file: File } | { url?: string });

/**
 * Saves a change; an installer (up to 1 GiB) goes with progress and without the api-client's
 * timeout, which a large file on a slow line would outlast. The answer is the release on offer,
 * so it replaces the download query's data instead of invalidating it.
 */
export function useSaveDesktopApp(onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DesktopAppChange) => {
      const details = { version: change.version, releaseNotes: change.releaseNotes };
      if ('file' in change) return callMultipart(contracts.uploadDesktopInstaller, { data: details, file: change.file, onProgress });
      return callEndpoint(contracts.updateDesktopApp, { body: { ...details, url: change.url } });
    },
    onSuccess: (response) => queryClient.setQueryData(desktopAppQuery.queryKey, response),
  });
}
