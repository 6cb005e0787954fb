import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { portalNodeArgs, runSeed } from './api-server.ts';
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
  cpuSeconds,
  type Order,
  type Row,
  type SignedIn,
} from './big-files.ts';

/**
 * `node --import tsx bench/live-and-files.bench.ts`: big files and live events against the real
 * server (production mode, real PostgreSQL, DATA_DIR on the real disk). Prints a table of each
 * measurement next to its target; it asserts nothing.
 *
 * BENCH_UPLOAD_MB (default 1024): size of each of the order's two files (the ZIP is twice that).
 * BENCH_UPLOAD_ROUNDS (default 4): upload and bare PUT each measured this many times, alternating.
 * BENCH_SOCKETS (default 1000), BENCH_MESSAGES (default 100), BENCH_MESSAGE_GAP_MS (default 100).
 * BENCH_REDIS_URL: if set, the server carries live events over Redis as a multi-process
 * deployment does; by default it runs without Redis, like bench/orders-list.bench.ts.
 * BENCH_SERVER_ARGS: extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
 * BENCH_UPLOAD_CLIENT=plain: the upload rounds send one streamed PATCH with the bare PUT's client.
 */
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const socketCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 100);
const messageGapMs = Number(process.env.BENCH_MESSAGE_GAP_MS ?? 100);
const redisUrl = process.env.BENCH_REDIS_URL;
const uploadRoundCount = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 4);
// One stream per run, so that nothing another process publishes reaches these sockets.
const realtimeChannel = `casebridge-bench-files:${process.pid}`;

const root = path.resolve(import.meta.dirname, '..');
const dbName = 'casebridge_bench_files';
const workDir = '/tmp/casebridge-bench-files';
const dataDir = path.join(workDir, 'data');
const inputDir = path.join(workDir, 'input');
const RSS_TARGET_MB = 64;
const P99_TARGET_MS = 100;
// The demo accounts of apps/api/src/db/seed; both mill users are members of Demo Mill.
const LAB_EMAIL = 'lab@demo-lab.test';
const MILL_EMAILS = ['admin@demo-mill.test', 'user@demo-mill.test'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

// ---- Database, server, seed

async function withAdminClient(sql: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

function serverEnv(port: number): NodeJS.ProcessEnv {
  // An inherited REDIS_URL would silently change what is measured: Redis is opt-in here.
  const { REDIS_URL: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    DATABASE_URL: databaseUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    APP_ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key-42',
    // The default (5 GiB) is enough for the default sizes; bigger runs raise it.
    MAX_UPLOAD_BYTES: String(Math.max(5 * 1024 * MB, (uploadMb + 1) * MB)),
    ...(redisUrl ? { REDIS_URL: redisUrl, REALTIME_CHANNEL: realtimeChannel } : {}),
  };
}

/** The run's stream would otherwise stay in Redis for good. */
async function dropRealtimeStream(): Promise<void> {
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  try {
    await redis.del(realtimeChannel);
  } finally {
    redis.disconnect();
  }
}

/** Polls /api/health, but gives up when the server dies or never answers: a bench must not hang. */
async function waitHealthy(child: ChildProcess, base: string): Promise<void> {
  const died = once(child, 'exit').then(([code]) => Promise.reject(new Error(`server exited (${code}) before answering`)));
  const poll = async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
    }
    throw new Error('server not healthy within 60 s');
  };
  await Promise.race([poll(), died]);
}

async function startServer(env: NodeJS.ProcessEnv, base: string): Promise<ChildProcess> {
  // No tsx wrapper process: the child's pid is the server's, so /proc/<pid> is its memory.
  const child = spawn(process.execPath, portalNodeArgs(), { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitHealthy(child, base);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  // The server lets open requests finish for up to 25 s; past that it is stuck.
  const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(force);
}

// ---- Files

/**
 * copyFile is one copy_file_range call, done inside the kernel; a stream copy moves the bytes
 * through Node as any HTTP upload must, so it is the fairer ceiling and is shown next to it.
 */
const copyWays = {
  copyFile: (from: string, to: string) => copyFile(from, to),
  stream: (from: string, to: string) => pipeline(createReadStream(from), createWriteStream(to)),
};

async function timeCopy(file: string, size: number, way: keyof typeof copyWays): Promise<number> {
  const copy = `${file}.copy`;
  const started = performance.now();
  await copyWays[way](file, copy);
  const seconds = (performance.now() - started) / 1000;
  await rm(copy);
  return size / MB / seconds;
}

/**
 * The ceiling for an upload: bench/bare-put-server.ts in its own process, sent the file
 * in one streamed PUT; it writes to the same disk and hashes, and does nothing else.
 */
async function timeBarePut(file: string, size: number): Promise<{ mbs: number; serverCpu: number; clientCpu: number }> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/bare-put-server.ts'), dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [firstOutput] = (await once(server.stdout!, 'data')) as [Buffer];
    const port = Number(firstOutput.toString().trim());
    const started = performance.now();
    const clientBefore = process.cpuUsage();
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'PUT', path: '/', headers: { 'content-length': size } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(body))));
        },
      );
      request.on('error', reject);
      createReadStream(file).on('error', reject).pipe(request);
    });
    if (!/^[0-9a-f]{64}$/.test(answer)) throw new Error(`bare PUT answered ${answer}`);
    const mbs = size / MB / ((performance.now() - started) / 1000);
    // The server process started just before: all its CPU is this PUT's, and its start.
    return { mbs, serverCpu: cpuSeconds(server.pid!), clientCpu: cpuOf(process.cpuUsage(clientBefore)) };
  } finally {
    server.kill();
  }
}

/**
 * Every stored file's SHA-256 is recorded, so no upload can be faster than one core hashes:
 * without SHA extensions in the CPU that is well below what the kernel copies a file at.
 */
function timeSha256(): number {
  const block = randomFillSync(Buffer.alloc(64 * MB));
  const hash = createHash('sha256');
  const rounds = 4;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) hash.update(block);
  hash.digest();
  return (rounds * 64) / ((performance.now() - started) / 1000);
}

// ---- 1. Upload

interface Setup {
  base: string;
  server: ChildProcess;
  lab: SignedIn;
  mills: SignedIn[];
}

/**
 * Upload and bare PUT in alternating rounds, each round led by the other (ABBA): one disk's speed
 * moves by a third from one minute to the next as its writeback catches up, so one of each would
 * compare two moments, not two servers. Each round uploads the file as the CLI does (tus, its
 * chunk size) into a component of its own; the means of the rounds are compared.
 */
async function uploadRounds(s: Setup, file: string, size: number) {
  const order = await call<Order>(s.base, s.lab.jwt, 'POST', '/api/orders', {
    millId: s.lab.mills[0]!.id,
    name: 'Bench upload rounds',
    components: Array.from({ length: uploadRoundCount }, (_c, i) => ({ name: `Round ${i + 1}` })),
  });
  const uploads: number[] = [];
  const barePuts: number[] = [];
  const cpu = { uploadServer: 0, uploadClient: 0, bareServer: 0, bareClient: 0 };
  let rssBeforeMb = 0;
  let rssGrowthMb = 0;
  for (let i = 0; i < uploadRoundCount; i++) {
    const timeUpload = async () => {
      await settle();
      const started = performance.now();
      const serverBefore = cpuSeconds(s.server.pid!);
      const clientBefore = process.cpuUsage();
      const watched = await watchRss(s.server.pid!, () => upload(s.base, s.lab.jwt, file, order.id, order.components[i]!.id));
      uploads.push(size / MB / ((performance.now() - started) / 1000));
      cpu.uploadServer += cpuSeconds(s.server.pid!) - serverBefore;
      cpu.uploadClient += cpuOf(process.cpuUsage(clientBefore));
      if (i === 0) rssBeforeMb = watched.beforeMb;
      rssGrowthMb = Math.max(rssGrowthMb, watched.growthMb);
    };
    const timeBare = async () => {
      await settle();
      const bare = await timeBarePut(file, size);
      barePuts.push(bare.mbs);
      cpu.bareServer += bare.serverCpu;
      cpu.bareClient += bare.clientCpu;
    };
    for (const run of i % 2 ? [timeUpload, timeBare] : [timeBare, timeUpload]) await run();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  // CPU seconds per GB of file, over all rounds.
  const perGb = (seconds: number) => seconds / ((uploadRoundCount * size) / (1024 * MB));
  const cpuPerGb = {
    uploadServer: perGb(cpu.uploadServer),
    uploadClient: perGb(cpu.uploadClient),
    bareServer: perGb(cpu.bareServer),
    bareClient: perGb(cpu.bareClient),
  };
  return { uploadMbs: mean(uploads), barePutMbs: mean(barePuts), uploads, barePuts, rssBeforeMb, rssGrowthMb, cpuPerGb };
}

/** The CLI's way of sending: create the order, tus-upload each file, submit; the upload measured in rounds first. */
async function measureUpload(s: Setup, files: string[], size: number): Promise<{ order: Order; rows: Row[] }> {
  const copyMbs = await timeCopy(files[0]!, size, 'copyFile');
  const streamMbs = await timeCopy(files[0]!, size, 'stream');
  const sha256Mbs = timeSha256();
  const { uploadMbs, barePutMbs, uploads, barePuts, rssBeforeMb, rssGrowthMb, cpuPerGb } = await uploadRounds(s, files[0]!, size);
  const order = await call<Order>(s.base, s.lab.jwt, 'POST', '/api/orders', {
    millId: s.lab.mills[0]!.id,
    name: 'Bench big files',
    components: files.map((_f, i) => ({ name: `Part ${i + 1}` })),
  });
  for (const [i, file] of files.entries()) await upload(s.base, s.lab.jwt, file, order.id, order.components[i]!.id);
  await call(s.base, s.lab.jwt, 'POST', `/api/orders/${order.id}/submit`);
  const ratio = (uploadMbs / barePutMbs) * 100;
  const each = (values: number[]) => values.map((value) => round(value, 0)).join(' / ');
  return {
    order,
    rows: [
      row(`tus upload, ${round(size / MB, 0)} MB, mean of ${uploadRoundCount} (${each(uploads)})`, `${round(uploadMbs)} MB/s`, ''),
      row(
        `bare Node PUT that writes and hashes, same disk, mean of ${uploadRoundCount} (${each(barePuts)})`,
        `${round(barePutMbs)} MB/s`,
        '',
      ),
      row('upload / bare PUT', `${round(ratio)} %`, '>= 90 %', ratio >= 90),
      row(
        'CPU per GB, upload: portal / client (context)',
        `${round(cpuPerGb.uploadServer, 2)} s / ${round(cpuPerGb.uploadClient, 2)} s`,
        '',
      ),
      row('CPU per GB, bare PUT: server / client (context)', `${round(cpuPerGb.bareServer, 2)} s / ${round(cpuPerGb.bareClient, 2)} s`, ''),
      row('copyFile of the same file, same disk (context)', `${round(copyMbs)} MB/s`, ''),
      row('upload / copyFile (context)', `${round((uploadMbs / copyMbs) * 100)} %`, ''),
      row('stream copy in Node, same disk (context)', `${round(streamMbs)} MB/s`, ''),
      row('upload / stream copy (context)', `${round((uploadMbs / streamMbs) * 100)} %`, ''),
      row('SHA-256 on one core (ceiling: every file is hashed)', `${round(sha256Mbs)} MB/s`, ''),
      row(
        'server RSS growth during upload (largest of the rounds)',
        `${round(rssGrowthMb)} MB (from ${round(rssBeforeMb)} MB)`,
        `<= ${RSS_TARGET_MB} MB`,
        rssGrowthMb <= RSS_TARGET_MB,
      ),
    ],
  };
}

// ---- 2. ZIP download

/** As the web app does: ask for a one-time link to the order's ZIP, then fetch it (as the mill). */
async function measureZip(s: Setup, order: Order, filesBytes: number): Promise<Row[]> {
  const { url } = await call<{ url: string }>(s.base, s.mills[0]!.jwt, 'GET', `/api/project/${order.id}/download/documents`);
  const started = performance.now();
  const { result, beforeMb, growthMb } = await watchRss(s.server.pid!, () => drain(`${s.base}${url}`));
  const { bytes, announced } = result;
  const mbs = bytes / MB / ((performance.now() - started) / 1000);
  return [
    row(`ZIP download, ${round(filesBytes / MB, 0)} MB order`, `${round(mbs)} MB/s`, ''),
    row('ZIP bytes received', `${bytes} (files: ${filesBytes})`, '>= files', bytes >= filesBytes),
    row('ZIP Content-Length', `${announced}`, '= bytes received', announced === bytes),
    row(
      'server RSS growth during ZIP',
      `${round(growthMb)} MB (from ${round(beforeMb)} MB)`,
      `<= ${RSS_TARGET_MB} MB (constant)`,
      growthMb <= RSS_TARGET_MB,
    ),
  ];
}

// ---- 3. Live events

function connectSocket(base: string, token: string): Promise<Socket> {
  // As apps/web does (token in the handshake payload, websocket only); forceNew: one connection each.
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** In waves, so that a refusal shows up as a count and a message instead of an endless wait. */
async function connectAll(base: string, tokens: string[]): Promise<{ sockets: Socket[]; errors: string[] }> {
  const sockets: Socket[] = [];
  const errors: string[] = [];
  for (let start = 0; start < socketCount; start += 100) {
    const wave = Array.from({ length: Math.min(100, socketCount - start) }, (_v, i) =>
      connectSocket(base, tokens[(start + i) % tokens.length]!),
    );
    for (const outcome of await Promise.allSettled(wave)) {
      if (outcome.status === 'fulfilled') sockets.push(outcome.value);
      else errors.push((outcome.reason as Error).message);
    }
  }
  return { sockets, errors };
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

interface Arrivals {
  /** Every socket's send-to-receive time, in ms. */
  all: number[];
  /** Per message, the first socket's: the server's share, before the fan-out to all sockets. */
  first: number[];
}

/** The lab writes on the order; every mill member (nobody is responsible) gets newMessageReceived. */
async function sendMessages(s: Setup, orderId: number, sockets: Socket[]): Promise<Arrivals> {
  const sentAt = new Map<number, number>();
  const first = new Map<number, number>();
  const all: number[] = [];
  const onEvent = (event: LiveEvent) => {
    const seq = Number(/^bench #(\d+)$/.exec(event.message)?.[1]);
    const sent = sentAt.get(seq);
    if (sent === undefined) return;
    const latency = performance.now() - sent;
    all.push(latency);
    if (!first.has(seq)) first.set(seq, latency);
  };
  for (const socket of sockets) socket.on('newMessageReceived', onEvent);
  const millId = s.lab.mills[0]!.id;
  for (let i = 0; i < messageCount; i++) {
    // Stamped before the request: an event may arrive before the POST's answer does.
    sentAt.set(i, performance.now());
    await call(s.base, s.lab.jwt, 'POST', `/api/mills/${millId}/messages`, { projectId: orderId, message: `bench #${i}` });
    await sleep(messageGapMs);
  }
  const expected = messageCount * sockets.length;
  for (const deadline = Date.now() + 5000; all.length < expected && Date.now() < deadline;) await sleep(50);
  return { all: all.sort((a, b) => a - b), first: [...first.values()].sort((a, b) => a - b) };
}

async function measureLive(s: Setup, orderId: number): Promise<Row[]> {
  const { sockets, errors } = await connectAll(
    s.base,
    s.mills.map((m) => m.jwt),
  );
  try {
    if (errors.length > 0) console.warn(`${errors.length} socket(s) refused, e.g. ${errors[0]}`);
    const { all, first } = await sendMessages(s, orderId, sockets);
    const expected = messageCount * sockets.length;
    const p99 = percentile(all, 0.99);
    return [
      row(
        'live: sockets connected',
        `${sockets.length} / ${socketCount} (${s.mills.length} mill users)`,
        `${socketCount}`,
        sockets.length === socketCount,
      ),
      row(`live: events received (${messageCount} messages)`, `${all.length} / ${expected}`, 'all', all.length === expected),
      row('live: latency p50', `${round(percentile(all, 0.5))} ms`, ''),
      row('live: latency p95', `${round(percentile(all, 0.95))} ms`, ''),
      row('live: latency p99', `${round(p99)} ms`, `<= ${P99_TARGET_MS} ms`, p99 <= P99_TARGET_MS),
      row('live: first socket per message, p50 (context)', `${round(percentile(first, 0.5))} ms`, ''),
    ];
  } finally {
    for (const socket of sockets) socket.close();
  }
}

// ---- Run

async function measureAll(s: Setup): Promise<Row[]> {
  await mkdir(inputDir, { recursive: true });
  const files = [path.join(inputDir, 'bench-a.stl'), path.join(inputDir, 'bench-b.stl')];
  const sizes: number[] = [];
  for (const file of files) sizes.push(await writeBinaryStl(file, uploadMb));
  const uploaded = await measureUpload(s, files, sizes[0]!);
  // The portal holds its own copies now; the inputs only take disk space.
  await rm(inputDir, { recursive: true, force: true });
  await settle();
  const zip = await measureZip(
    s,
    uploaded.order,
    sizes.reduce((a, b) => a + b, 0),
  );
  await settle();
  const live = await measureLive(s, uploaded.order.id);
  return [...uploaded.rows, ...zip, ...live];
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(port);
  let server: ChildProcess | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (server) await stopServer(server);
      await withAdminClient([`drop database if exists ${dbName} with (force)`]).catch((error: unknown) =>
        console.error('could not drop the database:', error),
      );
      await dropRealtimeStream().catch((error: unknown) => console.error('could not delete the Redis stream:', error));
      await rm(workDir, { recursive: true, force: true });
    })());
  // Ctrl-C must not leave gigabytes in /tmp and a database behind either.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  try {
    await rm(workDir, { recursive: true, force: true });
    await withAdminClient([`drop database if exists ${dbName} with (force)`, `create database ${dbName}`]);
    await runSeed(env);
    server = await startServer(env, base);
    const lab = await signIn(base, LAB_EMAIL);
    const mills = await Promise.all(MILL_EMAILS.map((email) => signIn(base, email)));
    const rows = await measureAll({ base, server, lab, mills });
    console.table(rows);
    console.log(
      `sizes: BENCH_UPLOAD_MB=${uploadMb} per file; ${socketCount} sockets; ${messageCount} messages ${messageGapMs} ms apart; realtime ${redisUrl ? 'over Redis' : 'in-process (no Redis)'}`,
    );
  } finally {
    await cleanUp();
  }
}

await main();
