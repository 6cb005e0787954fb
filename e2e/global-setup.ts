import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    activationKeys: string[];
  }
}

const root = path.resolve(import.meta.dirname, '..');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed:\n${output}`))));
  });
}

/**
 * Starts the portal as a user would (the built web app served by the API), on a fresh DATA_DIR.
 * With DATABASE_URL the server runs on a fresh database of that server, seeded by `npm run seed`.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-e2e-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // Also the passkeys' relying party (ADR 0023: WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN default to it), so
    // it must be the very origin the browser opens (baseUrl below): localhost, not 127.0.0.1.
    PUBLIC_URL: `http://localhost:${port}`,
  };
  let dropDatabase = async () => undefined;

  if (process.env.DATABASE_URL) {
    const name = `cb_e2e_${Date.now().toString(36)}`;
    const admin = new pg.Client(process.env.DATABASE_URL);
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client(process.env.DATABASE_URL);
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const seedOutput = env.DATABASE_URL ? await run(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/run-seed.ts'], env) : '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = seedOutput;
  server.stdout.on('data', (c) => (output += c));
  server.stderr.on('data', (c) => (output += c));

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const keys = [...output.matchAll(/activation key: ([A-Z0-9-]{29})/g)].map((m) => m[1]!);
  if (keys.length < 3) throw new Error(`expected demo activation keys in the output:\n${output}`);
  project.provide('baseUrl', baseUrl);
  project.provide('activationKeys', keys);

  return async () => {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
}
