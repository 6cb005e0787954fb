import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { createLab, createMill, signIn } from '../../../test/factories.ts';
import { sendOrder } from '../../../test/orders.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../../test/test-app.ts';
import type { LiveEvent } from '@casebridge/shared/schemas/live-events';

function connect(url: string, token: unknown): Socket {
  return connectSocket(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
}

function nextEvent(socket: Socket, name: string, timeoutMs = 5000): Promise<LiveEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event`)), timeoutMs);
    socket.once(name, (event: LiveEvent) => {
      clearTimeout(timer);
      resolve(event);
    });
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

describe('live events in one process', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('pushes a new order to the mill user who is signed in, and not to others', async () => {
    const { mill, admin } = await createMill(t.db);
    const other = await createMill(t.db);
    const lab = await createLab(t.db, { clientOf: mill.id });
    const millSocket = connect(url, await signIn(t, admin.email));
    const otherSocket = connect(url, await signIn(t, other.admin.email));
    await Promise.all([connected(millSocket), connected(otherSocket)]);
    let leaked = false;
    otherSocket.on('newProjectCreated', () => (leaked = true));
    const arrival = nextEvent(millSocket, 'newProjectCreated');
    const order = await sendOrder(t, await signIn(t, lab.user.email), mill.id, { name: 'Live one' });
    const event = await arrival;
    expect(event).toMatchObject({
      type: 'newProjectCreated',
      objectId: order.id,
      millId: mill.id,
      message: 'Live one',
      labCompanyId: lab.company.id,
      userId: lab.user.id,
      responsible: null,
    });
    expect(event.notificationId).toEqual(expect.any(Number));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toBe(false);
    millSocket.close();
    otherSocket.close();
  });

  it('refuses a handshake without a valid token', async () => {
    for (const token of [undefined, 'garbage', { $ne: null }]) {
      const socket = connect(url, token);
      await expect(connected(socket)).rejects.toThrow(/unauthorized/);
      socket.close();
    }
  });
});

describe('live events across two server processes sharing Redis', () => {
  const serverFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server.ts');
  const processes: ChildProcess[] = [];
  let dataDir: string;
  let drop: () => Promise<void>;
  let ports: number[];
  let db: Awaited<ReturnType<typeof createTestDatabase>>['database']['db'];
  const jwtSecret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    db = created.database.db;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-two-'));
    ports = [await freePort(), await freePort()];
    const channel = `casebridge:test:${randomBytes(6).toString('hex')}`;
    for (const port of ports) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: created.url,
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REALTIME_CHANNEL: channel,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      };
      const child = spawn(process.execPath, ['--import', 'tsx', serverFile], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      processes.push(child);
    }
    for (const port of ports) {
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  afterAll(async () => {
    await Promise.all(
      processes.map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers an event raised on process B to a socket held by process A', async () => {
    const { mill, admin } = await createMill(db);
    const lab = await createLab(db, { clientOf: mill.id });
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    const login = async (base: string, email: string) =>
      (
        (await (
          await fetch(`${base}/api/auth/local`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ identifier: email, password: 'a-long-test-password' }),
          })
        ).json()) as { jwt: string }
      ).jwt;
    const socket = connect(a, await login(a, admin.email));
    await connected(socket);
    const arrival = nextEvent(socket, 'newProjectCreated', 10_000);
    const labJwt = await login(b, lab.user.email);
    const created = (await (
      await fetch(`${b}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${labJwt}` },
        body: JSON.stringify({ millId: mill.id, name: 'Across', components: [{ name: 'Crown' }] }),
      })
    ).json()) as { id: number };
    await fetch(`${b}/api/orders/${created.id}/submit`, { method: 'POST', headers: { authorization: `Bearer ${labJwt}` } });
    expect(await arrival).toMatchObject({ objectId: created.id, millId: mill.id });
    socket.close();
  }, 60_000);
});
