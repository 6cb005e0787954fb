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
const here = path.dirname(fileURLToPath(import.meta.url));
const serverFile = path.join(here, 'server.ts');
const seedFile = path.join(here, 'db', 'seed', 'run-seed.ts');
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

function embeddedEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    ...overrides,
  };
  if (!overrides.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Runs a script to its end: exit code, stdout and stderr. */
function run(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function healthy(): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
}

async function start(): Promise<Running> {
  const env = embeddedEnv();
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A first start creates the embedded cluster, migrates and seeds: close to a minute on a loaded 2-core CI machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (await healthy()) return { child, output: () => output, exited };
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
  const response = await api('/auth/local', {
    method: 'POST',
    body: JSON.stringify({ identifier: 'admin@demo-mill.test', password: 'casebridge-demo' }),
  });
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
  }, 360_000);
});

describe('a second process on the live embedded database', () => {
  it('`npm run seed` uses the running server and leaves it running; a second server refuses in one line', async () => {
    const server = await start();
    try {
      const seed = await run(seedFile, embeddedEnv());
      expect(seed.code, seed.stderr).toBe(0);
      expect(seed.stdout).toContain('admin@demo-mill.test');
      expect(await healthy()).toBe(true);
      expect(await signInDemoAdmin()).toBeTruthy();

      const second = await run(serverFile, embeddedEnv({ PORT: String(await freePort()) }));
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toMatch(/^The embedded database in .* is in use by another CaseBridge process \(pid \d+\)/);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
      expect(await healthy()).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 240_000);
});

describe('a bad setting', () => {
  it.each([
    {
      program: 'server',
      file: serverFile,
      settings: { PORT: 'abc' },
      line: /^Invalid setting: PORT must be a whole number from 0 to 65535\.$/,
    },
    {
      program: 'server',
      file: serverFile,
      settings: { DATABASE_URL: 'notaurl' },
      line: /^Invalid setting: DATABASE_URL must be a URL such as postgres:\/\//,
    },
    {
      program: 'server',
      file: serverFile,
      settings: { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      line: /^JWT_SECRET must be set in production with DATABASE_URL: every process of a deployment signs and checks sessions with it/,
    },
    {
      program: 'seed',
      file: seedFile,
      settings: { PORT: 'abc', DATABASE_URL: 'notaurl' },
      line: /^Invalid settings: PORT must be .*; DATABASE_URL must be /,
    },
  ])(
    '$settings stops the $program with one line naming it and what it accepts, without a stack trace',
    async ({ file, settings, line }) => {
      const result = await run(file, embeddedEnv(settings));
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
  );
});
