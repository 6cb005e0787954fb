import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded-postgres.ts';

/**
 * The real server process on the embedded database: data in DATA_DIR must survive a graceful
 * stop and a SIGKILL (which leaves an orphaned postgres behind that the next start must handle).
 */
const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-restart-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { child, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

async function api(pathName: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`http://127.0.0.1:${port}/api${pathName}`, { ...init, headers });
  return { status: response.status, body: (await response.json()) as { jwt: string; user: { language: string } } };
}

async function signInDemoAdmin(): Promise<string> {
  const response = await api('/auth/local', { method: 'POST', body: JSON.stringify({ identifier: 'admin@demo-mill.test', password: 'casebridge-demo' }) });
  expect(response.status).toBe(200);
  return response.body.jwt;
}

describe('server process on the embedded database', () => {
  it('seeds demo data on first start and keeps changes across SIGTERM and SIGKILL', async () => {
    const first = await start();
    expect(first.output()).toContain('admin@demo-mill.test');
    expect(first.output().match(/activation key: [A-Z0-9-]{29}/g)?.length).toBeGreaterThanOrEqual(3);
    const jwt = await signInDemoAdmin();
    expect((await api('/users/language', { method: 'PUT', token: jwt, body: JSON.stringify({ language: 'it' }) })).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = await start();
    expect(second.output()).not.toContain('demo data created');
    const me = await api('/users/me', { token: jwt });
    expect(me.status).toBe(200);
    expect(me.body.user.language).toBe('it');
    expect((await api('/users/language', { method: 'PUT', token: jwt, body: JSON.stringify({ language: 'fr' }) })).status).toBe(200);

    second.child.kill('SIGKILL');
    await second.exited;

    const third = await start();
    try {
      expect((await api('/users/me', { token: await signInDemoAdmin() })).body.user.language).toBe('fr');
    } finally {
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    }
  }, 180_000);
});
