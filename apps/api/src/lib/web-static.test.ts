import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { HOME_HTML, IMMUTABLE, REVALIDATE } from './web-static.ts';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script></body></html>';
const HOME_PAGE_HTML = '<!doctype html><html><body><div id="root"><div data-prerendered inert><h1>Home</h1></div></div></body></html>';
const ENTRY_JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A build as Vite and the precompress plugin leave it: every text file with .br and .gz copies. */
async function writeFakeBuild(root: string, { withHome = false } = {}): Promise<void> {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  const files: [string, string][] = [
    ['index.html', INDEX_HTML],
    ['assets/index-Ab12Cd34.js', ENTRY_JS],
  ];
  if (withHome) files.push([HOME_HTML, HOME_PAGE_HTML]);
  for (const [file, content] of files) {
    await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
  }
}

let webRoot: string;
let webRootWithHome: string;
const apps: FastifyInstance[] = [];
const drops: (() => Promise<void>)[] = [];

async function startApp(env: Record<string, string> = {}, root = webRoot): Promise<FastifyInstance> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'casebridge-web-static-'));
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString('base64url'), logger: false, webRoot: root });
  apps.push(app);
  drops.push(drop, () => rm(dataDir, { recursive: true, force: true }));
  return app;
}

let app: FastifyInstance;
let behindProxy: FastifyInstance;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'casebridge-web-dist-'));
  await writeFakeBuild(webRoot);
  webRootWithHome = await mkdtemp(path.join(os.tmpdir(), 'casebridge-web-dist-'));
  await writeFakeBuild(webRootWithHome, { withHome: true });
  app = await startApp();
  // inject() comes from 127.0.0.1, so this app believes its X-Forwarded-Proto.
  behindProxy = await startApp({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  for (const each of apps) await each.close();
  for (const drop of drops) await drop();
  await rm(webRoot, { recursive: true, force: true });
  await rm(webRootWithHome, { recursive: true, force: true });
});

describe('the prerendered home', () => {
  it('is sent for / (with or without a query), and index.html for every other page', async () => {
    const withHome = await startApp({}, webRootWithHome);
    for (const url of ['/', '/?confirmation=abc']) {
      const response = await withHome.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME_PAGE_HTML);
    }
    // Another page must not flash the home's content before the app renders it.
    for (const url of ['/contact', '/mills/projects', '/index.html']) {
      const response = await withHome.inject({ url });
      expect(response.body).toBe(INDEX_HTML);
    }
  });
});

describe('hashed assets', () => {
  it('are cached for good and sent brotli, gzip or plain as the browser accepts, varying on it', async () => {
    const url = '/assets/index-Ab12Cd34.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY_JS);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY_JS);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY_JS);
    for (const response of [br, gz, plain]) {
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('are not reachable under the names of their compressed copies', async () => {
    expect((await app.inject({ url: '/assets/index-Ab12Cd34.js.br' })).statusCode).toBe(404);
  });

  it('answer 404, not the page, when a chunk of an older build is asked for', async () => {
    const response = await app.inject({ url: '/assets/index-Old00000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

describe('index.html', () => {
  it('is revalidated on every load, at / and as the fallback of client routes', async () => {
    for (const url of ['/', '/mills/projects', '/index.html']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
  });

  it('answers HEAD like GET, without the body', async () => {
    for (const url of ['/', '/lab/projects', '/assets/index-Ab12Cd34.js']) {
      const get = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary', 'content-security-policy']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
    }
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('TLS-only headers', () => {
  const tlsOnly = (headers: Record<string, unknown>) => ({
    hsts: headers['strict-transport-security'] !== undefined,
    upgrade: String(headers['content-security-policy']).includes('upgrade-insecure-requests'),
  });

  it('are absent over plain HTTP, so the page loads at http://<address>:<port>', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(tlsOnly(response.headers)).toEqual({ hsts: false, upgrade: false });
  });

  it('are absent when an untrusted client claims HTTPS', async () => {
    const response = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tlsOnly(response.headers)).toEqual({ hsts: false, upgrade: false });
  });

  it('are present when a trusted proxy says the request came over HTTPS', async () => {
    const overTls = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tlsOnly(overTls.headers)).toEqual({ hsts: true, upgrade: true });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(overTls.headers['content-security-policy']).toContain("default-src 'self'");
    const api = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tlsOnly(api.headers)).toEqual({ hsts: true, upgrade: true });
    const plain = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(tlsOnly(plain.headers)).toEqual({ hsts: false, upgrade: false });
  });
});
