import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DesktopAppDetails, DesktopAppResponse } from '@casebridge/shared/schemas/desktop-app';
import { desktopAppQuery } from '../../../components/desktop-app-download.tsx';
import { apiRequest, multipartForm } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

/**
 * What the manager saves: a new installer file, a new link, or neither (only the version and
 * notes change, the current download stays).
 */
export type DesktopAppChange = DesktopAppDetails & ({ file: File } | { url?: string });

/**
 * Saves a change; an installer (up to 1 GiB) goes with progress and without the api-client's
 * timeout, which a large file on a slow line would outlast.
 */
export function useSaveDesktopApp(onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DesktopAppChange) => {
      const details = { version: change.version, releaseNotes: change.releaseNotes };
      if ('file' in change) {
        const form = multipartForm(details, { file: change.file });
        return uploadWithProgress<DesktopAppResponse>('/desktop-app/installer', form, { onProgress });
      }
      return apiRequest<DesktopAppResponse>('/desktop-app', { method: 'PUT', body: { ...details, url: change.url } });
    },
    onSuccess: (response) => queryClient.setQueryData(desktopAppQuery.queryKey, response),
  });
}
