import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { CliError } from './io.ts';

/** The spec's request timeout (§9): 150 s. Downloads stream without one. */
const TIMEOUT_MS = 150_000;

/** An HTTP error answer of the portal: `{ statusCode, code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string,
    readonly path: string,
  ) {
    super(describeStatus(status, serverMessage));
  }
}

/** What the user should read for an error status. */
export function describeStatus(status: number, serverMessage: string): string {
  const detail = serverMessage ? ` (${serverMessage})` : '';
  if (status === 401) return `Not signed in, or the session has expired${detail}: run \`casebridge login\`.`;
  if (status === 403) return `Not allowed${detail}.`;
  if (status === 404) return `Not found${detail}.`;
  if (status === 413) return `Too large for the portal${detail}.`;
  if (status === 429) return `Too many requests${detail}; wait a moment and try again.`;
  if (status >= 500) return `The portal failed (HTTP ${status})${detail}; try again later.`;
  return `The portal refused the request (HTTP ${status})${detail}.`;
}

/** A refused connection or DNS failure, in words, with the URL the user can check. */
export function networkError(base: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? (error as { code?: string }).code ?? cause?.message ?? (error as Error).message;
  if ((error as Error).name === 'TimeoutError') return new CliError(`${base} did not answer in time.`);
  return new CliError(
    `Cannot reach the portal at ${base} (${reason}). Is it running, and is the URL right? (set it with \`casebridge login --url ...\`)`,
  );
}

export interface Session {
  jwt: string;
  user: { id: number; email: string; firstName: string; lastName: string; role: { type: string }; company: { name: string } | null };
  mills: { id: number; company: { name: string }; millRole: 'admin' | 'user' | null }[];
}

export interface OrderSummary {
  id: number;
  name: string;
  created_at: string;
  isDeleted: boolean;
  components: { id: number; name: string; documentsCount: number }[];
}

export interface ComponentDetail {
  id: number;
  name: string;
  documents: { id: number; name: string; size: number; sha256: string }[];
}

export class Api {
  constructor(
    readonly base: string,
    readonly token?: string,
  ) {}

  url(pathOrUrl: string): string {
    return pathOrUrl.startsWith('/') ? `${this.base}${pathOrUrl}` : pathOrUrl;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.url(path), {
        method,
        headers: this.headers(
          body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw networkError(this.base, error);
    }
    const text = await response.text();
    if (!response.ok) throw errorOf(response.status, text, path);
    try {
      return (text ? JSON.parse(text) : undefined) as T;
    } catch {
      throw new CliError(`${this.url(path)} did not answer with JSON: is ${this.base} a CaseBridge portal?`);
    }
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  /**
   * Streams a (one-time) link into a file; returns the bytes written. A portal whose files live in a
   * bucket answers a single file's link with a redirect to a presigned URL: that one is fetched
   * without the session, which the store would refuse beside its own signature (ADR 0017).
   */
  async download(link: string, file: string): Promise<number> {
    let response: Response;
    try {
      response = await fetch(this.url(link), { headers: this.headers(), redirect: 'manual' });
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location) response = await fetch(new URL(location, this.url(link)));
    } catch (error) {
      throw networkError(this.base, error);
    }
    if (!response.ok || !response.body) throw errorOf(response.status, await response.text(), link);
    let bytes = 0;
    const counted = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(counted, createWriteStream(file));
    return bytes;
  }
}

export function errorOf(status: number, body: string, path: string): ApiError {
  let code: string | undefined;
  let message = '';
  try {
    const parsed = JSON.parse(body) as { code?: string; message?: string };
    code = parsed.code;
    message = parsed.message ?? '';
  } catch {
    message = body.slice(0, 200);
  }
  return new ApiError(status, code, message, path);
}
