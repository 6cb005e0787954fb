import type { AppDeps } from '../../deps.ts';
import { databaseMigrated, pingDatabase } from './app-info.repository.ts';

/** Public facts about the portal: liveness, readiness and version. */

/** Whether the database answers; a load balancer takes a process without it out of rotation. */
export async function databaseReachable(deps: AppDeps): Promise<boolean> {
  try {
    await pingDatabase(deps.db);
    return true;
  } catch {
    return false;
  }
}

/** Why this process should get no new requests, or null when it can serve them. */
export type NotReadyReason = 'shutting down' | 'database not reachable' | 'migrations pending' | 'file storage not reachable';

/**
 * Whether a load balancer should send this process requests: not once it is shutting down (it
 * still answers the ones that reach it), not without its database, not before the database holds
 * every migration its code needs (another process may still be applying them), not while the bucket
 * of STORAGE_URL does not answer (every upload and download would fail; the disk needs no check).
 */
export async function notReadyReason(deps: AppDeps): Promise<NotReadyReason | null> {
  if (deps.lifecycle.stopping) return 'shutting down';
  let migrated: boolean;
  try {
    migrated = await databaseMigrated(deps.db);
  } catch {
    return 'database not reachable';
  }
  if (!migrated) return 'migrations pending';
  if (deps.storage.reachable && !(await deps.storage.reachable())) return 'file storage not reachable';
  return null;
}
