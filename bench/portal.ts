import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chmod } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { portalNodeArgs } from './api-server.ts';

/**
 * What the browser benches share: the built web app served by the real server (production mode,
 * embedded PostgreSQL with the demo data, on a temporary DATA_DIR) and demo accounts' sessions.
 */
const root = path.resolve(import.meta.dirname, '..');
export const DEMO_PASSWORD = 'casebridge-demo';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ensureBuild(): void {
  if (existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) return;
  console.log('No web build yet: running `npm run build:web`.');
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:web failed');
}

export async function startPortal(dataDir: string, port: number): Promise<ChildProcess> {
  // The embedded database brings the demo accounts; an inherited DATABASE_URL or REDIS_URL would change what is measured.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const server = spawn(process.execPath, portalNodeArgs(), {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const died = once(server, 'exit').then(([code]) => Promise.reject(new Error(`server exited (${code}) before answering`)));
  const healthy = (async () => {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
    }
    throw new Error('server not healthy within 90 s');
  })();
  await Promise.race([healthy, died]);
  return server;
}

export interface BenchPortal {
  baseURL: string;
  browser: Browser;
  /** Closes the browser, then stops the server. */
  close: () => Promise<void>;
}

/**
 * A portal on a free port with its data in `dataDir`, and a Chromium to visit it. No sandbox as
 * root and no background traffic in what is measured; `drawing` says how the browser renders.
 */
export async function startPortalAndBrowser(dataDir: string, drawing: string[]): Promise<BenchPortal> {
  // The embedded PostgreSQL runs as another user when started as root; it must reach the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const server = await startPortal(dataDir, port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', ...drawing, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const close = async () => {
    await browser.close();
    await stopPortal(server);
  };
  return { baseURL: `http://127.0.0.1:${port}`, browser, close };
}

export async function stopPortal(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}

/** Signs a demo account in through the API; its token. */
export async function demoToken(baseURL: string, email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in ${email} failed: ${response.status}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** A demo account's stored session (what the app keeps after signing in), so a visit starts signed in. */
export async function sessionOf(baseURL: string, email: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const jwt = await demoToken(baseURL, email);
  return { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: STORAGE_KEYS.token, value: jwt }] }] };
}
