import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './app-info.repository.ts';

/** Public facts about the portal: liveness, version, the desktop app's download. */

/** Whether the database answers; a load balancer takes a process without it out of rotation. */
export async function databaseReachable(deps: AppDeps): Promise<boolean> {
  try {
    await pingDatabase(deps.db);
    return true;
  } catch {
    return false;
  }
}

export function desktopAppUrl(deps: AppDeps): { url: string } {
  if (!deps.config.desktopAppUrl) throw new AppError(404, 'APP_NOT_AVAILABLE', 'App is not available');
  return { url: deps.config.desktopAppUrl };
}
