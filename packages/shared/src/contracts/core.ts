import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

/**
 * One endpoint, described once for the server, the web app, the command-line client and the
 * tests (ADR 0022). The server registers its route from it, the web client builds its URL and
 * checks its answer with it, and the test fakes refuse what it does not describe.
 */

/** The error body of DESIGN §5: every refusal of every endpoint has this shape. */
export const errorResponseSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.enum(ERROR_CODES))).optional(),
});

/** The refusals any signed-in endpoint can give (bad input, no session, no right, no such thing, too many calls). */
export const commonRefusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
} as const;

/** The refusals of a multipart upload: those of any signed-in endpoint, and a file over the size limit (413 FILE_TOO_LARGE). */
export const uploadRefusals = { ...commonRefusals, 413: errorResponseSchema } as const;

/** The language of the server's messages and mails (DESIGN §5); the web client always sends it. */
export const localeQuerySchema = z.object({ locale: z.string().max(5).optional() });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The success statuses a contract may declare: 200, 201 (created), 202 (accepted for later work), 204 (no body). */
export const SUCCESS_STATUSES = [200, 201, 202, 204] as const;
export type SuccessStatus = (typeof SUCCESS_STATUSES)[number];

/** The answer of a 204: no body. The clients read it as `undefined`; the OpenAPI document shows no content. */
export const noContent = z.undefined();

/** Exactly one success per contract, under its status; the refusals beside it. */
type SuccessResponse = { 200: z.ZodType } | { 201: z.ZodType } | { 202: z.ZodType } | { 204: typeof noContent };

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's form: `/mills/:millId/clients/:userId`. */
  path: string;
  summary: string;
  /** The longer text of the OpenAPI document (who calls it, what it stores, what it never says). */
  description?: string;
  tags: readonly string[];
  /**
   * A rule-book action, `signedIn` or `public`. A plain string here because the rule book lives
   * in the API; the server refuses to register an endpoint whose access it does not know.
   */
  access: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart upload instead of a JSON body (Fastify cannot validate a streamed form): the name
   * of its file (sent as `files.<file>`) and the schema of its JSON `data` part.
   */
  multipart?: { file: string; data?: z.ZodType };
  /**
   * Every answer by status: one success (200, or 201, 202, or 204 with `noContent`) and the
   * refusals. The status of the success is the one the server sends and the clients expect.
   */
  responses: SuccessResponse & Readonly<Partial<Record<number, z.ZodType>>>;
}

/**
 * Keeps the literal types of a contract (its path, schemas and statuses) for the helpers below.
 * A contract with no success or with two is refused when its module loads: which one the clients
 * should expect would be a guess.
 */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  successStatus(endpoint);
  return endpoint;
}

/** The status of the contract's success answer. */
export function successStatus(endpoint: Endpoint): SuccessStatus {
  const found = SUCCESS_STATUSES.filter((status) => Object.hasOwn(endpoint.responses, status));
  if (found.length !== 1)
    throw new Error(`${endpoint.method} ${endpoint.path}: a contract has exactly one success status, not ${found.join(', ') || 'none'}`);
  return found[0]!;
}

/** The success status of a contract, as a type: 200 unless the contract declares 201, 202 or 204. */
export type SuccessStatusOf<E extends Endpoint> = Extract<keyof E['responses'], SuccessStatus>;
type SuccessSchemaOf<E extends Endpoint> = E['responses'][SuccessStatusOf<E>] extends infer S extends z.ZodType ? S : never;

/** The schema of one request part, or undefined when the endpoint does not take that part. */
export type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
type Part<E, K extends 'params' | 'query' | 'body'> = SchemaOf<E, K> extends z.ZodType ? z.input<SchemaOf<E, K>> : undefined;

/** What a caller gives: path parameters, query and body, each only when the endpoint takes it. */
export type InputOf<E extends Endpoint> = (Part<E, 'params'> extends undefined ? { params?: undefined } : { params: Part<E, 'params'> }) &
  (Part<E, 'query'> extends undefined ? { query?: undefined } : { query?: Part<E, 'query'> }) &
  (Part<E, 'body'> extends undefined ? { body?: undefined } : { body: Part<E, 'body'> });

/** What the JSON `data` part of a multipart endpoint takes (nothing when it has no data schema). */
export type MultipartDataOf<E> = E extends { multipart: { data: infer S extends z.ZodType } } ? z.input<S> : Record<string, never>;

/** The success answer, as the web app and the command-line client read it (`undefined` for a 204). */
export type SuccessOf<E extends Endpoint> = z.output<SuccessSchemaOf<E>>;

/** The success answer as the server may return it from a handler. */
export type ReplyOf<E extends Endpoint> = z.input<SuccessSchemaOf<E>>;

/** The path with its parameters filled in, each encoded; a missing parameter is a programming error. */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The parameters of a concrete path, or null when the path is not this endpoint's. */
export function matchPath(endpoint: Endpoint, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

/** The schema of one answer, or undefined when the endpoint does not give that status. */
export function responseSchema(endpoint: Endpoint, status: number): z.ZodType | undefined {
  return (endpoint.responses as Partial<Record<number, z.ZodType>>)[status];
}

/**
 * True when a refusal's status is one the contract does not list: the server answered in a way
 * the clients were never told about (a 409 added to a service but not to its contract). A failure
 * of the server or the way there (no answer, 5xx) is no refusal and is never in a contract.
 */
export function isUnlistedRefusal(endpoint: Endpoint, status: number): boolean {
  return status >= 400 && status < 500 && responseSchema(endpoint, status) === undefined;
}
