import type { AppDeps } from '../../deps.ts';
import { pingDatabase } from './app-info.repository.ts';

/** Public facts about the portal: liveness and version. */

/** Whether the database answers; a load balancer takes a process without it out of rotation. */
export async function databaseReachable(deps: AppDeps): Promise<boolean> {
  try {
    await pingDatabase(deps.db);
    return true;
  } catch {
    return false;
  }
}
