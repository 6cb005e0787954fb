import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';
import { freePort } from './db/embedded-postgres.ts';
import type { Database } from './db/client.ts';
import { JOBS_SCHEMA } from './platform/jobs/job-queue.ts';
import type { StoredMail } from './platform/mail/mailer.ts';
import { binaryStl } from '../test/orders.ts';
import { PIN_HEADER, startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { zipEntries } from '../test/unzip.ts';

/**
 * Issue 26: two real portal processes behind a round-robin proxy, sharing one PostgreSQL, one
 * Redis and one S3-compatible store, and nothing else. The database is a fresh one on the run's
 * PostgreSQL server: the machine's (DATABASE_URL) or, without it, the embedded one that the
 * run's global setup starts, which the processes reach over TCP as they would any server. So
 * both CI runs run all of it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverFile = path.join(here, 'server.ts');
const seedFile = path.join(here, 'db', 'seed', 'run-seed.ts');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TUS = { 'tus-resumable': '1.0.0' };
/** The size; on a loaded 2-core machine it goes through in a few seconds. */
const UPLOAD_BYTES = 50 * 1024 * 1024;
/** Long enough for the proxy's 200 ms readiness poll to see a stopping process, even on a busy machine. */
const SHUTDOWN_DELAY_MS = 2_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A client address of our own (documentation range) per purpose, so this run's rate-limit counters in the shared Redis are its own. */
const clientAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
const metadata = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

interface Portal {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

let s3: TestS3Server;
let database: Database;
let dropDatabase: () => Promise<void>;
let proxy: RoundRobinProxy;
let root: string;
const ports: number[] = [];
const dataDirs: string[] = [];
const portals: (Portal | null)[] = [null, null];
let env: NodeJS.ProcessEnv;
const address = clientAddress();
let lab: { jwt: string };
let mill: { jwt: string; millId: number };

function startProcess(file: string, settings: NodeJS.ProcessEnv): Portal {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function startPortal(index: number): Promise<void> {
  const portal = startProcess(serverFile, { ...env, PORT: String(ports[index]), DATA_DIR: dataDirs[index] });
  portals[index] = portal;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (portal.child.exitCode !== null) throw new Error(`portal ${index} exited early:\n${portal.output()}`);
    const ready = await fetch(`http://127.0.0.1:${ports[index]}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(200);
  }
  portal.child.kill('SIGKILL');
  throw new Error(`portal ${index} did not become ready:\n${portal.output()}`);
}

/** SIGTERM, as an orchestrator stops a process; answers its exit code. */
async function stopPortal(index: number): Promise<number | null> {
  const portal = portals[index]!;
  portals[index] = null;
  portal.child.kill('SIGTERM');
  const code = await Promise.race([portal.exited, sleep(60_000).then(() => 'still running' as const)]);
  if (code === 'still running') portal.child.kill('SIGKILL');
  expect(portal.output()).not.toContain('requests still running were cut off');
  return code === 'still running' ? -1 : code;
}

/** A request through the proxy; `backend` pins it to one process. */
function call(pathName: string, init: RequestInit & { token?: string; backend?: number; headers?: Record<string, string> } = {}) {
  const { token, backend, headers, ...rest } = init;
  return fetch(`${proxy.url}${pathName}`, {
    ...rest,
    headers: {
      ...(rest.body && typeof rest.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(backend !== undefined ? { [PIN_HEADER]: String(backend) } : {}),
      ...headers,
    },
  });
}

function signIn(identifier: string, from = address, backend?: number, password = 'casebridge-demo') {
  return call('/api/auth/local', {
    method: 'POST',
    backend,
    headers: { 'x-forwarded-for': from },
    body: JSON.stringify({ identifier, password }),
  });
}

beforeAll(async () => {
  s3 = await startS3Server();
  const created = await createTestDatabase();
  database = created.database;
  dropDatabase = created.drop;
  root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-multi-'));
  for (const name of ['a', 'b']) {
    // Each process its own DATA_DIR, nothing shared on a disk: unfinished uploads live in the bucket too (ADR 0018).
    const dataDir = path.join(root, name);
    await mkdir(dataDir);
    dataDirs.push(dataDir);
    ports.push(await freePort());
  }
  proxy = await startRoundRobinProxy(ports);
  env = {
    ...process.env,
    ...s3.env('portal'),
    DATABASE_URL: created.url,
    REDIS_URL: redisUrl,
    REALTIME_CHANNEL: `casebridge:test:${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  };
  // `npm run seed` on this database and bucket: the demo accounts.
  const seed = startProcess(seedFile, { ...env, DATA_DIR: dataDirs[0] });
  expect(await seed.exited, seed.output()).toBe(0);
  await Promise.all([startPortal(0), startPortal(1)]);
  await proxy.waitForRotation([0, 1]);

  const labAnswer = await signIn('lab@demo-lab.test');
  const millAnswer = await signIn('admin@demo-mill.test');
  expect([labAnswer.status, millAnswer.status]).toEqual([200, 200]);
  lab = (await labAnswer.json()) as { jwt: string };
  const millBody = (await millAnswer.json()) as { jwt: string; mills: { id: number }[] };
  mill = { jwt: millBody.jwt, millId: millBody.mills[0]!.id };
}, 240_000);

afterAll(async () => {
  for (const [index, portal] of portals.entries()) if (portal) await stopPortal(index);
  await proxy?.close();
  await s3?.close();
  await dropDatabase?.();
  if (root) await rm(root, { recursive: true, force: true });
}, 120_000);

async function createOrder(name: string): Promise<{ id: number; componentId: number }> {
  const answer = await call('/api/orders', {
    method: 'POST',
    token: lab.jwt,
    body: JSON.stringify({ millId: mill.millId, name, components: [{ name: 'Crown 11' }] }),
  });
  expect(answer.status).toBe(200);
  const order = (await answer.json()) as { id: number; components: { id: number }[] };
  return { id: order.id, componentId: order.components[0]!.id };
}

/** A tus upload of `size` bytes for the order's component; answers its location. */
async function createUpload(order: { id: number; componentId: number }, filename: string, size: number, backend?: number) {
  const answer = await call('/api/uploads', {
    method: 'POST',
    token: lab.jwt,
    backend,
    headers: {
      ...TUS,
      'upload-length': String(size),
      'upload-metadata': metadata({ filename, orderId: order.id, componentId: order.componentId }),
    },
  });
  expect(answer.status).toBe(201);
  return answer.headers.get('location')!;
}

function patchUpload(location: string, offset: number, chunk: Buffer, backend?: number) {
  return call(location, {
    method: 'PATCH',
    token: lab.jwt,
    backend,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: chunk,
  });
}

/**
 * Sends the whole file in one PATCH to `backend` and cuts the connection once at least `cutAfter`
 * bytes are in the upload's file, as a dropped network does.
 */
async function sendAndCut(location: string, source: Buffer, backend: number, cutAfter: number): Promise<void> {
  const request = http.request(`${proxy.url}${location}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      authorization: `Bearer ${lab.jwt}`,
      [PIN_HEADER]: String(backend),
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(source.length),
    },
  });
  request.on('error', () => undefined);
  const held = () => bytesInBucket(path.basename(location));
  for (let sent = 0; sent < source.length && (await held()) < cutAfter; sent += 1024 * 1024) {
    if (!request.write(source.subarray(sent, sent + 1024 * 1024))) await new Promise((resolve) => request.once('drain', resolve));
  }
  while ((await held()) < cutAfter) await sleep(20);
  request.destroy();
}

/** What the bucket holds of an unfinished upload, as its record says (platform/uploads/s3-upload-store.ts). */
async function bytesInBucket(uploadId: string): Promise<number> {
  const settings = s3.env('portal');
  const client = new S3Client({
    endpoint: settings.AWS_ENDPOINT_URL_S3,
    region: settings.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.AWS_ACCESS_KEY_ID!, secretAccessKey: settings.AWS_SECRET_ACCESS_KEY! },
  });
  try {
    const bucket = /^s3:\/\/([^/]+)/.exec(settings.STORAGE_URL!)![1]!;
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `portal/tus/${uploadId}.info` }));
    const record = JSON.parse(await object.Body!.transformToString()) as { inParts: number; inTail: number };
    return record.inParts + record.inTail;
  } catch {
    return 0;
  } finally {
    client.destroy();
  }
}

describe('two portal processes behind a round-robin proxy (one PostgreSQL, Redis and S3 store)', () => {
  it('resumes a cut upload through the other process; the mill there gets the live event and the ZIP with the same bytes', async () => {
    const order = await createOrder('Across two processes');
    const source = Buffer.concat([binaryStl(1), randomBytes(UPLOAD_BYTES - binaryStl(1).length)]);
    const location = await createUpload(order, 'jaw.stl', source.length, 0);

    // Cut once the record names the first part (5 MiB, S3's smallest): it is saved after it, then every 64 MiB.
    await sendAndCut(location, source, 0, 5 * 1024 * 1024);
    // The client asks the other process where to go on (it waits for the first one to let go of the upload's lock).
    const head = await call(location, { method: 'HEAD', token: lab.jwt, backend: 1, headers: TUS });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(offset).toBeLessThan(source.length);
    const finished = await patchUpload(location, offset, source.subarray(offset), 1);
    expect(finished.status).toBe(204);
    expect(finished.headers.get('casebridge-sha256')).toBe(sha256(source));

    const socket = connectSocket(proxy.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: mill.jwt },
      extraHeaders: { [PIN_HEADER]: '1' },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const arrival = new Promise<LiveEvent>((resolve) => socket.on('newProjectCreated', resolve));
      expect((await call(`/api/orders/${order.id}/submit`, { method: 'POST', token: lab.jwt, backend: 0 })).status).toBe(200);
      expect(await arrival).toMatchObject({ type: 'newProjectCreated', objectId: order.id, millId: mill.millId });
    } finally {
      socket.close();
    }

    const link = await call(`/api/project/${order.id}/download/documents`, { token: mill.jwt, backend: 1 });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };
    const zip = await fetch(new URL(url, proxy.url), { headers: { [PIN_HEADER]: '1' } });
    expect(zip.status).toBe(200);
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(Number(zip.headers.get('content-length'))).toBe(archive.length);
    const entries = [...(await zipEntries(archive)).values()];
    expect(entries.map(sha256)).toEqual([sha256(source)]);
  }, 180_000);

  it('counts failed sign-ins across both processes (the limit lives in Redis)', async () => {
    const identifier = `nobody-${randomBytes(6).toString('hex')}@demo-lab.test`;
    const from = clientAddress();
    // DEFAULT_RATE_LIMITS.signIn.perIdentifier: 10 failures; each process alone would have seen 5.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(identifier, from, attempt % 2, 'wrong-password')).status).toBe(400);
    }
    expect((await signIn(identifier, from, 0, 'wrong-password')).status).toBe(429);
    expect((await signIn(identifier, from, 1, 'wrong-password')).status).toBe(429);
  });

  it('refuses on process B, for HTTP and uploads, a session ended through process A, and closes its websocket on B at once', async () => {
    const tokenOf = async (backend: number) =>
      ((await (await signIn('lab@demo-lab.test', address, backend)).json()) as { jwt: string }).jwt;
    const doomed = await tokenOf(1);
    const keeper = await tokenOf(0);
    const socket = connectSocket(proxy.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: doomed },
      extraHeaders: { [PIN_HEADER]: '1' },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect((await call('/api/users/me', { token: doomed, backend: 1 })).status).toBe(200);
      const { sid } = JSON.parse(Buffer.from(doomed.split('.')[1]!, 'base64url').toString()) as { sid: string };
      const ended = await call(`/api/users/me/sessions/${sid}`, { method: 'DELETE', token: keeper, backend: 0 });
      expect(ended.status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect((await call('/api/users/me', { token: doomed, backend: 1 })).status).toBe(401);
      const upload = await call('/api/uploads', { method: 'POST', token: doomed, backend: 1, headers: { ...TUS, 'upload-length': '1' } });
      expect(upload.status).toBe(401);
      expect((await call('/api/users/me', { token: keeper, backend: 1 })).status).toBe(200);
    } finally {
      socket.close();
    }
  });

  it('runs each job exactly once, whichever process enqueued it', async () => {
    const topics = Array.from({ length: 6 }, (_, index) => `Across processes ${index} ${randomBytes(4).toString('hex')}`);
    for (const [index, topic] of topics.entries()) {
      const sent = await call(`/api/mills/${mill.millId}/support/contact/send-email`, {
        method: 'POST',
        token: lab.jwt,
        backend: index % 2,
        body: JSON.stringify({ topic, message: 'One mail, one run.' }),
      });
      expect(sent.status).toBe(200);
    }
    const subjects = topics.map((topic) => `[Support] ${topic}`);
    const jobStates = async () =>
      (
        await database.pool.query<{ state: string }>(
          `select state from ${JOBS_SCHEMA}.job where name = 'mail.send' and data->>'subject' = any($1)`,
          [subjects],
        )
      ).rows.map((row) => row.state);
    const deadline = Date.now() + 30_000;
    while ((await jobStates()).some((state) => state !== 'completed') && Date.now() < deadline) await sleep(100);
    expect(await jobStates()).toEqual(subjects.map(() => 'completed'));

    const mails: StoredMail[] = [];
    for (const dataDir of dataDirs) {
      const outbox = path.join(dataDir, 'outbox');
      for (const name of await readdir(outbox).catch(() => [] as string[])) {
        if (name.endsWith('.json')) mails.push(JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as StoredMail);
      }
    }
    for (const subject of subjects) expect(mails.filter((mail) => mail.subject === subject)).toHaveLength(1);
  });

  it('restarts both processes in turn under list requests and an upload: no request fails and the upload completes', async () => {
    const listOutcomes: Promise<number | string>[] = [];
    let restarting = true;
    const stream = (async () => {
      while (restarting) {
        listOutcomes.push(
          call(`/api/mills/${mill.millId}/projects`, { token: mill.jwt }).then(
            async (answer) => (await answer.arrayBuffer(), answer.status),
            (error: Error) => error.message,
          ),
        );
        await sleep(100);
      }
    })();

    // The upload goes on in chunks through the proxy, as the web app sends them, the last one held until the restarts are over.
    const order = await createOrder('Across a rolling restart');
    const source = Buffer.concat([binaryStl(1), randomBytes(16 * 1024 * 1024 - binaryStl(1).length)]);
    const location = await createUpload(order, 'arch.stl', source.length);
    const chunk = 256 * 1024;
    const chunkOutcomes: number[] = [];
    const upload = (async () => {
      let offset = 0;
      while (offset < source.length) {
        const end = Math.min(offset + chunk, source.length);
        while (end === source.length && restarting) await sleep(100);
        const answer = await patchUpload(location, offset, source.subarray(offset, end));
        chunkOutcomes.push(answer.status);
        if (answer.status !== 204) throw new Error(`chunk at ${offset}: ${answer.status} ${await answer.text()}`);
        if (end === source.length) return answer.headers.get('casebridge-sha256');
        offset = Number(answer.headers.get('upload-offset'));
        if (restarting) await sleep(200);
      }
      return null;
    })();

    const before = proxy.forwarded();
    for (const index of [0, 1]) {
      expect(await stopPortal(index)).toBe(0);
      await startPortal(index);
      await proxy.waitForRotation([0, 1]);
    }
    restarting = false;
    await stream;
    const [digest, outcomes] = await Promise.all([upload, Promise.all(listOutcomes)]);

    expect(outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(chunkOutcomes.filter((status) => status !== 204)).toEqual([]);
    expect(digest).toBe(sha256(source));
    // Both processes served while the other restarted.
    expect(Math.min(...proxy.forwarded().map((count, index) => count - before[index]!))).toBeGreaterThan(10);
  }, 240_000);
});
