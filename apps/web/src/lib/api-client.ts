import type { ApiErrorBody, ErrorCode } from '@casebridge/shared/errors';
import { STORAGE_KEYS } from '@casebridge/shared/constants/storage-keys';
import { currentLanguage } from './i18n.ts';

/** Spec §9: requests give up after 150 s (large uploads pass through the same client). */
export const REQUEST_TIMEOUT_MS = 150_000;
const API_BASE = '/api';

/** A failed call; `body` is the server's error body, or one made up for network failures. */
export class ApiError extends Error {
  readonly body: ApiErrorBody;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
  }

  get status(): number {
    return this.body.statusCode;
  }

  get code(): ErrorCode {
    return this.body.code;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  // The server picks the language of its messages and mails from this parameter (DESIGN §5).
  params.set('locale', currentLanguage());
  return `${API_BASE}${path}?${params.toString()}`;
}

export function authHeaders(): Record<string, string> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'statusCode' in value && 'message' in value;
}

/** A response's text as JSON, the text itself when it is not JSON, or null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/** The refusal as an ApiError: our error body as it is, anything else (a proxy's page) made into one. */
export function errorFromResponse(response: { status: number; statusText: string }, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(body);
  return new ApiError({
    statusCode: response.status,
    error: response.statusText,
    code: response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
    message: typeof body === 'string' && body ? body : response.statusText,
  });
}

export function networkError(timedOut: boolean): ApiError {
  return new ApiError({
    statusCode: 0,
    error: timedOut ? 'Timeout' : 'Network error',
    code: 'INTERNAL',
    message: timedOut ? 'The request timed out' : 'The server could not be reached',
  });
}

async function send<T>(path: string, init: RequestInit, query?: QueryParams, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    const response = await fetch(buildUrl(path, query), { ...init, signal: controller.signal });
    const body = await readBody(response);
    if (!response.ok) throw errorFromResponse(response, body);
    return body as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A caller's own abort (TanStack Query cancelling) must stay an AbortError.
    if (signal?.aborted) throw error;
    throw networkError(timedOut);
  } finally {
    clearTimeout(timer);
  }
}

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return send<T>(path, init, query, signal);
}

/**
 * The body of the Strapi-style upload endpoints: the JSON fields travel as the `data` part,
 * each file as `files.<name>` (e.g. `files.avatar`, `files.logo`).
 */
export function multipartForm(data: unknown, files: Record<string, File | null | undefined>): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const [name, file] of Object.entries(files)) {
    if (file) form.append(`files.${name}`, file, file.name);
  }
  return form;
}

/** A multipart call through fetch, for small files (no progress, the usual timeout; see upload-with-progress.ts). */
export function apiMultipart<T>(
  path: string,
  data: unknown,
  files: Record<string, File | null | undefined>,
  method: 'POST' | 'PUT' = 'PUT',
  query?: QueryParams,
): Promise<T> {
  // No Content-Type header: the browser sets the multipart boundary itself.
  const init: RequestInit = { method, headers: { Accept: 'application/json', ...authHeaders() }, body: multipartForm(data, files) };
  return send<T>(path, init, query);
}
