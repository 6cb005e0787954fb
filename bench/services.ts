import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';

/** Starting and stopping bench/service-process.ts, and cleaning up what a run left in Redis. */
const root = path.resolve(import.meta.dirname, '..');

export interface Service {
  child: ChildProcess;
  /** What the service printed once it served. */
  line: string;
}

export async function startService(kind: 's3' | 'proxy', args: string[]): Promise<Service> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/service-process.ts'), kind, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const died = once(child, 'exit').then(([code]) => Promise.reject(new Error(`${kind} exited (${code}) before serving`)));
  // Handled here too: once the service serves, its exit at the end is no error.
  died.catch(() => undefined);
  const lines = createInterface({ input: child.stdout! });
  const first = once(lines, 'line').then(([line]) => line as string);
  try {
    return { child, line: await Promise.race([first, died]) };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** SIGTERM and the service's own clean-up; killed if it has not exited after 30 s. */
export async function stopService(service: Service): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const exited = once(service.child, 'exit');
  service.child.kill('SIGTERM');
  const force = setTimeout(() => service.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(force);
}

/** A run's own Redis key (a realtime stream) would otherwise stay there for good. */
export async function deleteRedisKey(url: string, key: string): Promise<void> {
  const redis = new Redis(url);
  try {
    await redis.del(key);
  } finally {
    redis.disconnect();
  }
}
