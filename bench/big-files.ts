import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import http from 'node:http';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { tusUpload } from '../apps/cli/src/lib/tus-upload.ts';
import { DEMO_PASSWORD } from './portal.ts';

/**
 * What the benches of big files share (bench/live-and-files.bench.ts, bench/scale.bench.ts): the
 * API calls of the CLI and the web app, generated STL files, the server's memory while it works,
 * and the table rows they print.
 */
export const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 50;

export interface Row {
  measurement: string;
  result: string;
  target: string;
  met: string;
}

export const row = (measurement: string, result: string, target: string, met?: boolean): Row => ({
  measurement,
  result,
  target,
  met: met === undefined ? '' : met ? 'yes' : 'NO',
});
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// ---- API calls (those of the CLI and the web app)

export async function call<T>(base: string, token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface SignedIn {
  jwt: string;
  mills: { id: number }[];
}

/** Once per account: sign-in is rate limited per IP and per address, sockets share the token. */
export const signIn = (base: string, email: string) =>
  call<SignedIn>(base, null, 'POST', '/api/auth/local', { identifier: email, password: DEMO_PASSWORD });

export interface Order {
  id: number;
  components: { id: number }[];
}

export function upload(base: string, token: string, file: string, orderId: number, componentId: number) {
  const metadata = { filename: path.basename(file), orderId: String(orderId), componentId: String(componentId) };
  // BENCH_UPLOAD_CLIENT=plain: the client of the bare PUT instead of the CLI's, to tell the client's cost from the server's.
  if (process.env.BENCH_UPLOAD_CLIENT === 'plain') return plainTusUpload(base, token, file, metadata);
  // BENCH_CHUNK_MB: a request size other than the CLI's, to see what the per-request cost is.
  const chunkSize = process.env.BENCH_CHUNK_MB ? Number(process.env.BENCH_CHUNK_MB) * MB : undefined;
  return tusUpload({ base, token, file, metadata, chunkSize, onUrl: () => undefined, onProgress: () => undefined });
}

/** tus with the bare PUT's client: the creation, then the whole file in one streamed PATCH. */
async function plainTusUpload(base: string, token: string, file: string, metadata: Record<string, string>) {
  const size = (await stat(file)).size;
  const encoded = Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(size), 'upload-metadata': encoded },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation: HTTP ${created.status} ${await created.text()}`);
  const url = new URL(location, base);
  const headers = { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(size) };
  const sha256 = await new Promise<string | undefined>((resolve, reject) => {
    const request = http.request(url, { method: 'PATCH', headers }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 204
          ? resolve(response.headers['casebridge-sha256'] as string | undefined)
          : reject(new Error(`PATCH: HTTP ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
    createReadStream(file).on('error', reject).pipe(request);
  });
  return { url: url.toString(), sha256 };
}

/** Reads a download to its end; the bytes received and the Content-Length announced. */
export async function drain(url: string): Promise<{ bytes: number; announced: number }> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`GET ${url}: HTTP ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  return { bytes, announced: Number(response.headers.get('content-length')) };
}

// ---- Files

/** A valid binary STL (header, triangle count, 50 bytes per triangle) of about `mb` MB. */
export async function writeBinaryStl(file: string, mb: number): Promise<number> {
  const triangles = Math.floor((mb * MB - 84) / 50);
  const size = 84 + 50 * triangles;
  const head = Buffer.alloc(84, ' ');
  head.write('CaseBridge bench binary STL', 'latin1');
  head.writeUInt32LE(triangles, 80);
  const handle = await open(file, 'w');
  try {
    await handle.write(head);
    const block = Buffer.alloc(8 * MB);
    for (let left = size - 84; left > 0; left -= block.length) {
      randomFillSync(block);
      await handle.write(block, 0, Math.min(left, block.length));
    }
    // On disk before anything is timed, so no measurement pays for this file's writeback.
    await handle.sync();
  } finally {
    await handle.close();
  }
  return size;
}

/**
 * Waits for the disk to take the dirty pages (gigabytes here), so that one phase's writeback
 * does not compete for the CPUs in the next phase's measurement.
 */
export const settle = () => promisify(execFile)('sync');

// ---- Server memory

/**
 * The CPU seconds (user and system, all threads) a process has used so far, 0 once it is gone.
 * Unlike MB/s, CPU per GB hardly moves with what else the machine does, so the upload and the
 * bare PUT can be compared on a busy machine too.
 */
export function cpuSeconds(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
// getconf CLK_TCK: 100 on Linux on x86-64 and arm64.
const CLOCK_TICKS = 100;

/** 0 once the process is gone: a throw here would be uncaught (timer) and skip the clean-up. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Runs `work` while sampling the server's RSS; growth is the peak minus the value just before. */
export async function watchRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; beforeMb: number; growthMb: number }> {
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), RSS_SAMPLE_MS);
  try {
    const result = await work();
    peakMb = Math.max(peakMb, rssMb(pid));
    return { result, beforeMb, growthMb: peakMb - beforeMb };
  } finally {
    clearInterval(timer);
  }
}
