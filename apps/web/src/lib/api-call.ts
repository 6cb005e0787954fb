import { z } from 'zod';
import {
  isUnlistedRefusal,
  pathOf,
  responseSchema,
  successStatus,
  type Endpoint,
  type InputOf,
  type MultipartDataOf,
  type SuccessOf,
} from '@casebridge/shared/contracts/core';
import { ApiError, apiMultipart, apiRequest, multipartForm, type QueryParams } from './api-client.ts';
import { uploadWithProgress } from './upload-with-progress.ts';

/** An answer in a shape its contract does not describe: the server and the web app disagree. */
export class ContractMismatchError extends Error {
  constructor(endpoint: Endpoint, status: number, error: z.ZodError) {
    super(`${endpoint.method} ${endpoint.path} answered ${status} in a shape its contract does not describe:\n${z.prettifyError(error)}`);
    this.name = 'ContractMismatchError';
  }
}

/** A refusal whose status its contract does not list: the contract is missing an answer the server gives. */
export class UnlistedStatusError extends Error {
  constructor(
    endpoint: Endpoint,
    readonly refusal: ApiError,
  ) {
    super(`${endpoint.method} ${endpoint.path} answered ${refusal.status}, a status its contract does not list (${refusal.message})`);
    this.name = 'UnlistedStatusError';
  }
}

/**
 * Development and tests refuse a mismatched answer, so a renamed field fails a test instead of a
 * page. Production logs it and goes on with the answer as received (ADR 0022): the web app and the
 * API ship together, so a mismatch there is our bug, and a page that reads only the fields that
 * still match is better than an error screen.
 */
const refuseMismatches = !import.meta.env.PROD;

/**
 * The success answer checked against the contract's schema for its success status (parsed: defaults
 * applied, unknown keys dropped). A 204 has no body to check: its answer is `undefined`.
 */
export function checkAnswer<E extends Endpoint>(endpoint: E, body: unknown): SuccessOf<E> {
  const status = successStatus(endpoint);
  if (status === 204) return undefined as SuccessOf<E>;
  const schema = responseSchema(endpoint, status);
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} has no answer ${status} in its contract`);
  const result = schema.safeParse(body);
  if (result.success) return result.data as SuccessOf<E>;
  const mismatch = new ContractMismatchError(endpoint, status, result.error);
  if (refuseMismatches) throw mismatch;
  console.error(mismatch);
  return body as SuccessOf<E>;
}

/**
 * The web app's one way to call an endpoint: the URL from the contract's path and the given
 * parameters, the query and body as given, the answer checked against the contract. Refusals
 * arrive as ApiError (api-client.ts), as before.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, input: InputOf<E>, signal?: AbortSignal): Promise<SuccessOf<E>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: QueryParams; body?: unknown };
  let answer: unknown;
  try {
    answer = await apiRequest<unknown>(pathOf(endpoint, params), { method: endpoint.method, query, body, signal });
  } catch (error) {
    throw checkRefusal(endpoint, error);
  }
  return checkAnswer(endpoint, answer);
}

export type MultipartEndpoint = Endpoint & { multipart: NonNullable<Endpoint['multipart']> };

export interface MultipartInput<E extends MultipartEndpoint> {
  /** The JSON `data` part, as the contract's multipart data schema takes it. */
  data: MultipartDataOf<E>;
  /** The one file, sent under the contract's file name; null sends the data alone. */
  file: File | null;
  /** Given for large files: the upload then goes with progress and without the usual timeout (upload-with-progress.ts). */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * `callEndpoint` for an upload: the URL from the contract, the file under the name the contract
 * gives, the answer checked against the contract.
 */
export async function callMultipart<E extends MultipartEndpoint>(
  endpoint: E,
  input: InputOf<E> & MultipartInput<E>,
): Promise<SuccessOf<E>> {
  const { data, file, onProgress } = input;
  const { params, query } = input as { params?: Record<string, string | number>; query?: QueryParams };
  const path = pathOf(endpoint, params);
  const files = { [endpoint.multipart.file]: file };
  const method = endpoint.method === 'PUT' ? 'PUT' : 'POST';
  let answer: unknown;
  try {
    answer = await (onProgress
      ? uploadWithProgress<unknown>(path, multipartForm(data, files), { method, query, onProgress })
      : apiMultipart<unknown>(path, data, files, method, query));
  } catch (error) {
    throw checkRefusal(endpoint, error);
  }
  return checkAnswer(endpoint, answer);
}

/** A refusal as it arrived, or (in development and tests) an UnlistedStatusError when its status is not in the contract. */
function checkRefusal(endpoint: Endpoint, error: unknown): unknown {
  if (!(error instanceof ApiError) || !isUnlistedRefusal(endpoint, error.status)) return error;
  const unlisted = new UnlistedStatusError(endpoint, error);
  if (refuseMismatches) return unlisted;
  console.error(unlisted);
  return error;
}
