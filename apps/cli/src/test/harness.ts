import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD } from '../../../api/test/factories.ts';
import { createTestApp, type TestApp } from '../../../api/test/test-app.ts';
import type { Io, SendHooks } from '../lib/io.ts';
import { run } from '../run.ts';

/** The real app on a real database, listening on a free port, as the CLI talks to it. */
export async function startPortal(): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}` };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with its own config file and captured output (not a terminal). */
export async function cli(
  argv: string[],
  options: { config: string; env?: Record<string, string>; hooks?: SendHooks; io?: Partial<Io> },
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: false },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: false },
    env: options.env ?? {},
    configPath: options.config,
    readSecret: async () => {
      throw new Error('no terminal in tests');
    },
    sendHooks: options.hooks,
    ...options.io,
  });
  return { code, stdout, stderr };
}

/** Signs a factory user in through `casebridge login`; returns the config file it wrote. */
export async function loginAs(scratch: string, url: string, email: string): Promise<string> {
  const config = path.join(scratch, `config-${email}.json`);
  const result = await cli(['login', '--url', url, '--email', email], { config, env: { CASEBRIDGE_PASSWORD: PASSWORD } });
  if (result.code !== 0) throw new Error(`login failed: ${result.stderr}`);
  return config;
}

export async function scratchDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-cli-test-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes `{ 'a/b.stl': Buffer }` under `root`. */
export async function writeTree(root: string, files: Record<string, Buffer | string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, ...relative.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/**
 * A pass-through HTTP proxy in front of the portal that counts what the client really sent:
 * tus creations (POST /api/uploads) and the bytes of PATCH bodies.
 */
export async function countingProxy(target: string) {
  const counts = { creates: 0, patchBytes: 0, heads: 0 };
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/uploads') counts.creates++;
    if (req.method === 'HEAD' && req.url?.startsWith('/api/uploads/')) counts.heads++;
    if (req.method === 'PATCH') req.on('data', (chunk: Buffer) => (counts.patchBytes += chunk.length));
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    reset() {
      Object.assign(counts, { creates: 0, patchBytes: 0, heads: 0 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
