import { onTestFinished, vi } from 'vitest';
import type { z } from 'zod';
import {
  matchPath,
  responseSchema,
  successStatus,
  type Endpoint,
  type errorResponseSchema,
  type ReplyOf,
  type SchemaOf,
  type SuccessStatus,
  type SuccessStatusOf,
} from '@casebridge/shared/contracts/core';
import type { FetchCall } from './render.tsx';

/**
 * A fetch fake that knows the endpoint contracts (ADR 0022): it answers only requests a listed
 * contract describes (method, path, parameters, query, body) and only with answers that contract
 * describes, so a test notices a wrong path, a wrong field or a stale fake. Anything else is a
 * refusal: the request fails and the test fails when it ends.
 */
type Parsed<E, K extends 'params' | 'query' | 'body'> = SchemaOf<E, K> extends z.ZodType ? z.output<SchemaOf<E, K>> : undefined;

export interface FakeRequest<E extends Endpoint> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  /** The JSON body, or for a multipart endpoint its `data` part. */
  body: E extends { multipart: { data: infer S extends z.ZodType } } ? z.output<S> : Parsed<E, 'body'>;
}

type RefusalStatus<E extends Endpoint> = Exclude<keyof E['responses'], SuccessStatus | string | symbol>;

/** The success under the contract's status (the default); a 204 has no body. */
type SuccessAnswer<E extends Endpoint> = [SuccessStatusOf<E>] extends [204]
  ? { status?: 204; body?: undefined }
  : { status?: SuccessStatusOf<E>; body: ReplyOf<E> };

export type FakeAnswer<E extends Endpoint> = SuccessAnswer<E> | { status: RefusalStatus<E>; body: z.input<typeof errorResponseSchema> };

export interface FakeRoute {
  endpoint: Endpoint;
  answer: (request: FakeRequest<Endpoint>) => { status?: number; body?: unknown };
}

/** One faked endpoint: the answer is typed by the contract's schemas for the status it gives. */
export function fake<E extends Endpoint>(endpoint: E, answer: (request: FakeRequest<E>) => FakeAnswer<E>): FakeRoute {
  return { endpoint, answer: answer as unknown as FakeRoute['answer'] };
}

export class FakeApiRefusal extends Error {
  override name = 'FakeApiRefusal';
}

/** A multipart endpoint's form: its JSON `data` part, checked like a body; the file only has to be there under the contract's name. */
function parseForm(route: FakeRoute, form: unknown): unknown {
  const { method, path, multipart } = route.endpoint;
  if (!multipart) return parsePart(route, 'body', route.endpoint.body, form);
  if (!(form instanceof FormData)) throw new FakeApiRefusal(`${method} ${path} takes a multipart form`);
  const fileNames = [...form.keys()].filter((name) => name.startsWith('files.'));
  if (fileNames.some((name) => name !== `files.${multipart.file}`))
    throw new FakeApiRefusal(`${method} ${path}: files ${fileNames.join(', ')}, but the contract names files.${multipart.file}`);
  const data = JSON.parse(String(form.get('data') ?? '{}')) as unknown;
  return parsePart(route, 'body', multipart.data ?? undefined, multipart.data ? data : undefined);
}

function parsePart(route: FakeRoute, part: 'params' | 'query' | 'body', schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    if (part === 'body' && value !== undefined) throw new FakeApiRefusal(`${route.endpoint.method} ${route.endpoint.path} takes no body`);
    return undefined;
  }
  const result = schema.safeParse(value);
  if (!result.success)
    throw new FakeApiRefusal(`${route.endpoint.method} ${route.endpoint.path}: ${part} not as the contract says: ${result.error.message}`);
  return result.data;
}

/** The fake's answer to one request, or a FakeApiRefusal saying what the contracts do not describe. */
export function answerFor(routes: FakeRoute[], call: { method: string; url: string; body: unknown }): { status: number; body: unknown } {
  const url = new URL(call.url, 'http://localhost');
  const path = url.pathname.replace(/^\/api/, '');
  for (const route of routes) {
    const { endpoint } = route;
    const params = endpoint.method === call.method ? matchPath(endpoint, path) : null;
    if (!params) continue;
    const request = {
      params: parsePart(route, 'params', endpoint.params, params),
      query: parsePart(route, 'query', endpoint.query, Object.fromEntries(url.searchParams)),
      body: parseForm(route, call.body),
    };
    const { status = successStatus(endpoint), body } = route.answer(request as FakeRequest<Endpoint>);
    const schema = responseSchema(endpoint, status);
    const checked = schema?.safeParse(body);
    if (!checked?.success) {
      throw new FakeApiRefusal(
        `${endpoint.method} ${endpoint.path}: answer ${status} not as the contract says: ${checked?.error.message ?? 'no such status'}`,
      );
    }
    return { status, body };
  }
  throw new FakeApiRefusal(`${call.method} ${path}: no faked contract describes this request`);
}

/**
 * Keeps the fake's refusals and fails the test with them when it ends: the app turns a failed
 * request into an error of its own, and the test must still hear what was refused.
 */
export function failOnRefusals(): (error: unknown) => void {
  const refusals: FakeApiRefusal[] = [];
  onTestFinished(() => {
    if (refusals.length > 0) throw new AggregateError(refusals, refusals.map((refusal) => refusal.message).join('\n'));
  });
  return (error) => {
    if (error instanceof FakeApiRefusal) refusals.push(error);
  };
}

/** Replaces fetch with the contract fake; returns the calls made, in order. */
export function fakeApi(routes: FakeRoute[]): FetchCall[] {
  const calls: FetchCall[] = [];
  const refused = failOnRefusals();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      };
      calls.push(call);
      try {
        const { status, body } = answerFor(routes, call);
        if (status === 204) return new Response(null, { status });
        return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      } catch (error) {
        refused(error);
        throw error;
      }
    }),
  );
  return calls;
}
