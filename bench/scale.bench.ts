import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { adminUrl, dropDatabase, freshDatabase, runSeed, startApiServer, stopApiServer, benchDatabaseUrl } from './api-server.ts';
import {
  call,
  drain,
  MB,
  round,
  row,
  settle,
  signIn,
  upload,
  watchRss,
  writeBinaryStl,
  type Order,
  type Row,
  type SignedIn,
} from './big-files.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, generate, LIST_QUERIES } from './generate.ts';
import { deleteRedisKey, startService, stopService, type Service } from './services.ts';

/**
 * `npm run bench:scale`: issue 26's scale path against the real server (production mode, the
 * machine's PostgreSQL and Redis) in one run. Prints a table; it asserts nothing, but a failed
 * upload or a ZIP of the wrong size ends it with an error.
 * 1. The same 1 GB tus upload and 2 GB order ZIP with the files on the disk and in a bucket of the
 *    tests' S3-compatible server (s3rver), as MB/s, the ratio S3 / disk and the server's RSS growth
 *    (after a warm-up upload, whose own growth is a row of its own).
 * 2. The orders list (bench/orders-list.bench.ts's four queries in turn) through the tests'
 *    round-robin proxy to one process and to two processes sharing PostgreSQL, Redis and the bucket.
 *
 * BENCH_UPLOAD_MB (default 1024): each of the order's two files. BENCH_SCALE (default 1): the
 * orders-list data. BENCH_SECONDS (default 10): each list measurement. REDIS_URL (default local).
 * BENCH_PARTS (default `files,list`): which of the two to measure.
 */
const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Its own live-event stream, deleted at the end: nothing reaches or stays in another run's.
const realtimeChannel = `casebridge-bench-scale:${process.pid}`;
const filesDb = 'casebridge_bench_scale_files';
const listDb = 'casebridge_bench_scale_list';
const RSS_TARGET_MB = 64;
/** The warm-up upload: one request of the CLI's (64 MiB), enough to reach each one-time cost. */
const WARM_UP_MB = 64;
const parts = (process.env.BENCH_PARTS ?? 'files,list').split(',');
const LAB_EMAIL = 'lab@demo-lab.test';
const MILL_EMAIL = 'admin@demo-mill.test';

/** What the run started, stopped in reverse order at the end whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];

async function service(kind: 's3' | 'proxy', args: string[]): Promise<Service> {
  const started = await startService(kind, args);
  cleanups.push(() => stopService(started));
  return started;
}

async function portal(database: string, env: NodeJS.ProcessEnv) {
  const server = await startApiServer(database, {
    REDIS_URL: redisUrl,
    REALTIME_CHANNEL: realtimeChannel,
    MAX_UPLOAD_BYTES: String(Math.max(5 * 1024 * MB, (uploadMb + 1) * MB)),
    ...env,
  });
  cleanups.push(() => stopApiServer(server));
  return { ...server, port: new URL(server.base).port };
}

// ---- 1. Files on the disk and in the bucket

interface FilesResult {
  uploadMbs: number;
  /** The warm-up upload, the first of the process: what a process pays once (see WARM_UP_MB). */
  firstUploadRss: { beforeMb: number; growthMb: number };
  uploadRss: { beforeMb: number; growthMb: number };
  zipMbs: number;
  zipRss: { beforeMb: number; growthMb: number };
}

/**
 * The CLI's upload of the order's files (the first one timed) after a warm-up upload, then the
 * mill's ZIP of the order. The warm-up is the process's first upload: it pays what a process pays
 * once (the hash thread, about 14 MB; the part buffer; V8 letting some 26–32 MB of freed request
 * chunks pile up before a young collection, memory the allocator keeps and reuses; compiled code), shown as
 * a row of its own. The 1 GB upload after it shows whether an upload's memory grows with its size.
 */
async function measureFiles(env: NodeJS.ProcessEnv, files: string[], sizes: number[], warmUpFile: string): Promise<FilesResult> {
  const server = await portal(filesDb, env);
  const [lab, mill] = [await signIn(server.base, LAB_EMAIL), await signIn(server.base, MILL_EMAIL)];
  const order = await call<Order>(server.base, lab.jwt, 'POST', '/api/orders', {
    millId: lab.mills[0]!.id,
    name: 'Bench scale',
    components: [...files, warmUpFile].map((_file, i) => ({ name: `Part ${i + 1}` })),
  });
  const pid = server.child.pid!;
  const warmUp = order.components[files.length]!.id;
  const firstUploadRss = await watchRss(pid, () => upload(server.base, lab.jwt, warmUpFile, order.id, warmUp));
  let started = performance.now();
  const uploadRss = await watchRss(pid, () => upload(server.base, lab.jwt, files[0]!, order.id, order.components[0]!.id));
  const uploadMbs = sizes[0]! / MB / ((performance.now() - started) / 1000);
  for (const [i, file] of files.entries()) if (i > 0) await upload(server.base, lab.jwt, file, order.id, order.components[i]!.id);
  await call(server.base, lab.jwt, 'POST', `/api/orders/${order.id}/submit`);
  await settle();
  const { url } = await call<{ url: string }>(server.base, mill.jwt, 'GET', `/api/project/${order.id}/download/documents`);
  started = performance.now();
  const zipRss = await watchRss(pid, () => drain(`${server.base}${url}`));
  const zipMbs = zipRss.result.bytes / MB / ((performance.now() - started) / 1000);
  const filesBytes = sizes.reduce((a, b) => a + b, 0);
  const { bytes, announced } = zipRss.result;
  if (bytes < filesBytes || announced !== bytes)
    throw new Error(`ZIP: ${bytes} bytes received, ${announced} announced, files ${filesBytes}`);
  await stopApiServer(server);
  return { uploadMbs, firstUploadRss, uploadRss, zipMbs, zipRss };
}

function filesRows(disk: FilesResult, s3: FilesResult, sizes: number[]): Row[] {
  const growth = (of: { beforeMb: number; growthMb: number }) => `${round(of.growthMb)} MB (from ${round(of.beforeMb)} MB)`;
  const rss = (what: string, of: { beforeMb: number; growthMb: number }) =>
    row(`server RSS growth during ${what}`, growth(of), `<= ${RSS_TARGET_MB} MB`, of.growthMb <= RSS_TARGET_MB);
  const upload = `tus upload, ${round(sizes[0]! / MB, 0)} MB`;
  const zip = `ZIP download, ${round(sizes.reduce((a, b) => a + b, 0) / MB, 0)} MB order (+ the ${WARM_UP_MB} MB warm-up file)`;
  return [
    row(`${upload}, disk`, `${round(disk.uploadMbs)} MB/s`, ''),
    row(`${upload}, S3 (s3rver)`, `${round(s3.uploadMbs)} MB/s`, ''),
    row('upload S3 / disk', `${round((s3.uploadMbs / disk.uploadMbs) * 100)} %`, 'ratio, same run'),
    row(
      `server RSS growth during the first upload after start (${WARM_UP_MB} MB), disk`,
      growth(disk.firstUploadRss),
      'context: once per process',
    ),
    row(
      `server RSS growth during the first upload after start (${WARM_UP_MB} MB), S3`,
      growth(s3.firstUploadRss),
      'context: once per process',
    ),
    rss('upload, disk', disk.uploadRss),
    rss('upload, S3', s3.uploadRss),
    row(`${zip}, disk`, `${round(disk.zipMbs)} MB/s`, ''),
    row(`${zip}, S3 (s3rver)`, `${round(s3.zipMbs)} MB/s`, ''),
    row('ZIP S3 / disk', `${round((s3.zipMbs / disk.zipMbs) * 100)} %`, 'ratio, same run'),
    rss('ZIP, disk', disk.zipRss),
    rss('ZIP, S3', s3.zipRss),
  ];
}

// ---- 2. The orders list through one and two processes

/** 16 connections for BENCH_SECONDS, each sending the four list queries in turn (as orders-list measures them one by one). */
async function listRate(base: string, millId: number, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const paths = Object.values(LIST_QUERIES).map((query) => `/api/mills/${millId}/projects?${query}`);
  // A list that answers an error would be measured as fast: check each answer first.
  for (const listPath of paths) await call(base, token, 'GET', listPath);
  const result = await autocannon({
    url: base,
    connections: 16,
    duration: seconds,
    headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const latency = result.latency as unknown as Record<string, number>;
  return { rps: result.requests.average, p97: latency.p97_5 ?? latency.p99!, errors: result.errors + result.non2xx };
}

async function measureList(storage: NodeJS.ProcessEnv, workDir: string): Promise<Row[]> {
  const { busiestMillId } = await generate(adminUrl, listDb, scale);
  const env = (name: string) => ({ ...storage, DATA_DIR: path.join(workDir, name) });
  const [a, b] = await Promise.all([portal(listDb, env('list-a')), portal(listDb, env('list-b'))]);
  const login = await call<SignedIn>(a.base, null, 'POST', '/api/auth/local', { identifier: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD });
  const toOne = await service('proxy', [a.port]);
  const toTwo = await service('proxy', [a.port, b.port]);
  const one = await listRate(toOne.line, busiestMillId, login.jwt);
  const two = await listRate(toTwo.line, busiestMillId, login.jwt);
  const direct = await listRate(a.base, busiestMillId, login.jwt);
  const rate = (r: typeof one) => `${Math.round(r.rps)} req/s (p97.5 ${r.p97} ms, ${r.errors} errors)`;
  return [
    row('orders list, 1 process behind the proxy', rate(one), 'no errors', one.errors === 0),
    row('orders list, 2 processes behind the proxy', rate(two), 'no errors', two.errors === 0),
    row('orders list, 2 processes / 1', `${round(two.rps / one.rps, 2)}x`, 'ratio, same run'),
    row('orders list, 1 process without the proxy (context)', rate(direct), ''),
  ];
}

// ---- Run

async function measureAll(workDir: string): Promise<Row[]> {
  const s3 = JSON.parse((await service('s3', ['bench'])).line) as Record<string, string>;
  const files = parts.includes('files') ? await measureBoth(s3, workDir) : [];
  return [...files, ...(parts.includes('list') ? await measureList(s3, workDir) : [])];
}

async function measureBoth(s3: Record<string, string>, workDir: string): Promise<Row[]> {
  const input = path.join(workDir, 'input');
  await mkdir(input);
  const files = [path.join(input, 'bench-a.stl'), path.join(input, 'bench-b.stl')];
  const sizes: number[] = [];
  for (const file of files) sizes.push(await writeBinaryStl(file, uploadMb));
  const warmUpFile = path.join(input, 'warm-up.stl');
  await writeBinaryStl(warmUpFile, WARM_UP_MB);
  // One seeded database for both: each process keeps its own files, the demo rows are the same.
  await (await freshDatabase(filesDb)).close();
  await runSeed({ ...process.env, DATABASE_URL: benchDatabaseUrl(filesDb), DATA_DIR: path.join(workDir, 'disk'), STORAGE_URL: undefined });
  const disk = await measureFiles({ DATA_DIR: path.join(workDir, 'disk'), STORAGE_URL: undefined }, files, sizes, warmUpFile);
  await settle();
  const inBucket = await measureFiles({ ...s3, DATA_DIR: path.join(workDir, 's3') }, files, sizes, warmUpFile);
  await rm(input, { recursive: true, force: true });
  await settle();
  return filesRows(disk, inBucket, sizes);
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-bench-scale-'));
  cleanups.push(
    () => rm(workDir, { recursive: true, force: true }),
    () => dropDatabase(filesDb),
    () => dropDatabase(listDb),
    () => deleteRedisKey(redisUrl, realtimeChannel),
  );
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (let step = cleanups.pop(); step; step = cleanups.pop())
        await step().catch((error: unknown) => console.error('clean-up:', error));
    })());
  // Ctrl-C must not leave gigabytes in /tmp, processes and databases behind either.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const rows = await measureAll(workDir);
    console.table(rows);
    console.log(
      `${os.availableParallelism()} cores (load average at the start: ${load}); every process (portals, PostgreSQL, Redis, s3rver, proxy, client) on this machine. ` +
        `BENCH_UPLOAD_MB=${uploadMb} per file, BENCH_SCALE=${scale}, 16 connections for ${seconds} s per list run. Compare figures of one run only.`,
    );
  } finally {
    await cleanUp();
  }
}

await main();
