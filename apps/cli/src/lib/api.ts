import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  isUnlistedRefusal,
  pathOf,
  responseSchema,
  successStatus,
  type Endpoint,
  type InputOf,
  type SuccessOf,
} from '@casebridge/shared/contracts/core';
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

  /**
   * The client's one way to call a JSON endpoint (ADR 0022): the URL from the contract's path and
   * parameters, the answer checked against the contract: its success status (200, or the 201, 202
   * or 204 it declares; a 204 answers `undefined`) and the shape of its body. A mismatch is always
   * refused: the client is installed apart from the portal, and files written from a misread
   * answer are worse than a clear error. A refusal with a status the contract does not list is
   * refused in development and tests; for the user it stays the server's message.
   */
  async call<E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<SuccessOf<E>> {
    const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
    const path = `/api${pathOf(endpoint, params)}${queryString(query)}`;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.exchange(endpoint.method, path, body);
    } catch (error) {
      if (error instanceof ApiError && isUnlistedRefusal(endpoint, error.status) && refuseUnlisted())
        throw new CliError(
          `${endpoint.method} ${endpoint.path} answered ${error.status}, a status its contract does not list (${error.serverMessage})`,
        );
      throw error;
    }
    return this.checkSuccess(endpoint, path, answer);
  }

  private checkSuccess<E extends Endpoint>(endpoint: E, path: string, answer: { status: number; body: unknown }): SuccessOf<E> {
    const status = successStatus(endpoint);
    if (answer.status !== status)
      throw new CliError(
        `${this.url(path)} answered ${answer.status} where ${status} was expected; is the client as recent as the portal?`,
      );
    if (status === 204) return undefined as SuccessOf<E>;
    const checked = responseSchema(endpoint, status)!.safeParse(answer.body);
    if (checked.success) return checked.data as SuccessOf<E>;
    const issues = checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new CliError(
      `${this.url(path)} answered in a shape this client does not know; is the client as recent as the portal?\n${issues}`,
    );
  }

  /** One JSON request: the success's status and parsed body (undefined when empty), or the refusal as ApiError. */
  private async exchange(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
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
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    } catch {
      throw new CliError(`${this.url(path)} did not answer with JSON: is ${this.base} a CaseBridge portal?`);
    }
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

/** Development and tests (vitest sets NODE_ENV=test) refuse a status the contract does not list. */
const refuseUnlisted = () => process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
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
