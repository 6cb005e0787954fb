import { multipartForm } from '../../test/multipart.ts';
import { binaryStl } from '../../test/orders.ts';
import { fieldsOf, kindOf, sample, withField, type FieldKind, type IdBook, type JsonSchema, type Operation } from './openapi-operations.ts';

/**
 * The malformed variants of one operation's well-formed request: one broken part each (a field of
 * the wrong type or range, control characters, a megabyte of text, a body that is not JSON or a
 * multipart form that ends too soon), the rest of the request left valid.
 */

export interface FuzzRequest {
  /** What is broken, for the failure report. */
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Just under the 1 MiB body limit once quoted, so it reaches validation instead of the size check. */
const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
const CONTROL_CHARACTERS = 'a\u0001\u0008\u000b\u001b\u007fb';
const NUL = 'a\u0000b';
/**
 * Text that is not valid Unicode. JSON can carry a lone UTF-16 surrogate as an escape, and
 * PostgreSQL's jsonb refuses it; a URL can carry UTF-8 byte sequences that decode to nothing.
 */
const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\udbff\ud800'];
const NONCHARACTERS = 'a\ufffe\uffffb';
const INVALID_UTF8_IN_URL: WireValue[] = [{ encoded: '%ED%A0%80' }, { encoded: 'a%FFb' }, { encoded: '%C0%AF' }, { encoded: '%E2%82' }];

const JSON_VALUES: Record<FieldKind, unknown[]> = {
  string: [42, null, ['a'], { a: 1 }, MEGABYTE_TEXT, NUL, CONTROL_CHARACTERS, ...LONE_SURROGATES, NONCHARACTERS],
  integer: ['7', 1.5, -1, 0, 2 ** 31, 2 ** 53 - 1, 1e308, 'NaN', [1], { a: 1 }, null],
  number: ['7', 1.5, -1, 2 ** 31, 2 ** 53 - 1, 1e308, 'NaN', [1], null],
  boolean: ['true', 1, null, [true]],
  enum: ['not-a-choice', 7, NUL, null, LONE_SURROGATES[0]],
  array: ['a', { a: 1 }, [null], null],
  object: ['a', [1], null, 7],
  any: [null, NUL, 2 ** 31, MEGABYTE_TEXT, LONE_SURROGATES[0]],
};

/**
 * Query and path values arrive as text; an array means the parameter repeated, and `encoded` is
 * sent as it stands (percent-encoding that encodeURIComponent cannot produce).
 */
type WireValue = string | string[] | { encoded: string };
const WIRE_VALUES: Record<FieldKind, WireValue[]> = {
  integer: ['1.5', '-1', '0', '2147483648', '9007199254740991', '1e308', 'NaN', '100000', 'abc', ['1', '2'], INVALID_UTF8_IN_URL[0]!],
  number: ['1.5', '-1', '2147483648', '1e308', 'NaN', 'abc', ['1', '2']],
  string: ['', '\u0000', CONTROL_CHARACTERS, MEGABYTE_TEXT, ['a', 'b'], ...INVALID_UTF8_IN_URL],
  enum: ['nope', '\u0000', ['a', 'b'], ...INVALID_UTF8_IN_URL],
  boolean: ['maybe', ['true', 'false']],
  array: ['\u0000', ['a', 'b']],
  object: ['\u0000', ['a', 'b']],
  any: ['\u0000', '2147483648', ...INVALID_UTF8_IN_URL],
};
const UNKNOWN_SORTS = ['password:asc', 'nope', 'created_at:sideways', 'created_at:asc,id:desc'];

const MALFORMED_MULTIPART: { label: string; contentType: string; payload: string }[] = [
  { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'garbage' },
  { label: 'multipart garbage', contentType: 'multipart/form-data; boundary=fuzz', payload: '\u0000\u00ff not a form --fuzz nothing' },
  {
    label: 'multipart unterminated',
    contentType: 'multipart/form-data; boundary=fuzz',
    payload: '--fuzz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1',
  },
  {
    label: 'multipart part without name',
    contentType: 'multipart/form-data; boundary=fuzz',
    payload: '--fuzz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fuzz--\r\n',
  },
  {
    label: 'multipart file cut short',
    contentType: 'multipart/form-data; boundary=fuzz',
    payload: '--fuzz\r\nContent-Disposition: form-data; name="files.file"; filename="a.stl"\r\nContent-Type: model/stl\r\n\r\nsolid',
  },
];

interface Baseline {
  params: Record<string, string>;
  query: Record<string, WireValue>;
  body?: unknown;
  data?: unknown;
}

function baselineOf(operation: Operation, ids: IdBook): Baseline {
  const text = (value: unknown) => String(value);
  return {
    params: Object.fromEntries(operation.pathParams.map((p) => [p.name, text(sample(p.schema, p.name, ids, operation.path))])),
    query: Object.fromEntries(
      operation.query.filter((p) => p.required).map((p) => [p.name, text(sample(p.schema, p.name, ids, operation.path))]),
    ),
    body: operation.body ? sample(operation.body, '', ids, operation.path) : undefined,
    data: operation.multipart?.data ? sample(operation.multipart.data, '', ids, operation.path) : undefined,
  };
}

const onWire = (value: string | { encoded: string }) => (typeof value === 'string' ? encodeURIComponent(value) : value.encoded);

function urlOf(operation: Operation, params: Record<string, string | { encoded: string }>, query: Record<string, WireValue>): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => onWire(params[name] ?? ''));
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => `${encodeURIComponent(name)}=${onWire(one)}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });

/** The request as the operation wants it: JSON body, multipart form with `data`, or nothing. */
function withBaselineBody(operation: Operation, base: Baseline): Pick<FuzzRequest, 'headers' | 'payload'> {
  if (operation.body) return json(base.body);
  if (operation.multipart) return multipartForm(base.data === undefined ? {} : { data: JSON.stringify(base.data) });
  return {};
}

function parameterVariants(operation: Operation, base: Baseline): FuzzRequest[] {
  const body = withBaselineBody(operation, base);
  const variants: FuzzRequest[] = [];
  for (const parameter of operation.pathParams) {
    for (const value of WIRE_VALUES[kindOf(parameter.schema)]) {
      // A path segment cannot repeat, and Fastify refuses parameters over 100 characters by itself.
      if (Array.isArray(value) || (typeof value === 'string' && value.length > 100)) continue;
      variants.push({
        label: `path ${parameter.name}=${JSON.stringify(value)}`,
        method: operation.method,
        url: urlOf(operation, { ...base.params, [parameter.name]: value }, base.query),
        ...body,
      });
    }
  }
  for (const parameter of operation.query) {
    const values = [...WIRE_VALUES[kindOf(parameter.schema)], ...(parameter.name === '_sort' ? UNKNOWN_SORTS : [])];
    for (const value of values) {
      variants.push({
        label: `query ${parameter.name}=${JSON.stringify(value).slice(0, 40)}`,
        method: operation.method,
        url: urlOf(operation, base.params, { ...base.query, [parameter.name]: value }),
        ...body,
      });
    }
  }
  return variants;
}

function fieldVariants(
  schema: JsonSchema,
  value: unknown,
  encode: (changed: unknown) => Pick<FuzzRequest, 'headers' | 'payload'>,
  where: string,
): Omit<FuzzRequest, 'method' | 'url'>[] {
  return fieldsOf(schema, value).flatMap((field) =>
    JSON_VALUES[kindOf(field.schema)].map((bad) => ({
      label: `${where} ${field.path.join('.')}=${JSON.stringify(bad).slice(0, 40)}`,
      ...encode(withField(value, field.path, bad)),
    })),
  );
}

function jsonBodyVariants(body: unknown): Omit<FuzzRequest, 'method' | 'url'>[] {
  return [
    { label: 'invalid JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    { label: 'empty JSON object', ...json({}) },
    { label: 'JSON array', ...json([body]) },
    { label: 'JSON string', ...json('a') },
    { label: 'JSON null', headers: { 'content-type': 'application/json' }, payload: 'null' },
    { label: 'empty body with JSON type', headers: { 'content-type': 'application/json' }, payload: '' },
    { label: 'missing body' },
    { label: 'text body', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    ...MALFORMED_MULTIPART.map((m) => ({ label: m.label, headers: { 'content-type': m.contentType }, payload: m.payload })),
  ];
}

function multipartVariants(multipart: NonNullable<Operation['multipart']>, data: unknown): Omit<FuzzRequest, 'method' | 'url'>[] {
  const dataField: Record<string, string> = data === undefined ? {} : { data: JSON.stringify(data) };
  const file = (name: string, field = multipart.file) => multipartForm(dataField, { field, name, content: binaryStl() });
  return [
    ...(multipart.data ? fieldVariants(multipart.data, data, (changed) => multipartForm({ data: JSON.stringify(changed) }), 'data') : []),
    { label: 'file name with NUL', ...file('crown\u0000.stl') },
    { label: 'file name with control characters', ...file(`crown${CONTROL_CHARACTERS}.stl`) },
    { label: 'file name with a lone surrogate', ...file('crown\ud800.stl') },
    { label: 'file name with invalid UTF-8', ...fileNamedInBytes(multipart.file, dataField) },
    { label: 'file name of a megabyte', ...file(`${'x'.repeat(1_000_000)}.stl`) },
    { label: 'file under an unexpected part', ...file('crown.stl', 'files.unexpected') },
    { label: 'two files', ...twoFiles(multipart.file) },
    { label: 'many fields', ...multipartForm(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, 'x']))) },
    { label: 'data not JSON', ...multipartForm({ data: '{"a":' }) },
    { label: 'data with NUL', ...multipartForm({ data: JSON.stringify({ a: NUL }) }) },
    { label: 'data with a lone surrogate', ...multipartForm({ data: JSON.stringify({ a: LONE_SURROGATES[0] }) }) },
    { label: 'missing body' },
    { label: 'JSON instead of a form', ...json(data ?? {}) },
    ...MALFORMED_MULTIPART.map((m) => ({ label: m.label, headers: { 'content-type': m.contentType }, payload: m.payload })),
  ];
}

/** A file part whose name is bytes that are not UTF-8 (an overlong slash and a stray 0xFF). */
function fileNamedInBytes(field: string, dataField: Record<string, string>): { headers: Record<string, string>; payload: Buffer } {
  const form = multipartForm(dataField, { field, name: 'crown-PLACEHOLDER.stl', content: binaryStl() });
  const at = form.payload.indexOf('PLACEHOLDER');
  const payload = Buffer.concat([
    form.payload.subarray(0, at),
    Buffer.from([0xc0, 0xaf, 0xff]),
    form.payload.subarray(at + 'PLACEHOLDER'.length),
  ]);
  return { headers: form.headers, payload };
}

/** Two file parts where the operation takes one. */
function twoFiles(field: string): { headers: Record<string, string>; payload: Buffer } {
  const one = multipartForm({}, { field, name: 'one.stl', content: binaryStl() });
  const boundary = /boundary=(.+)$/.exec(one.headers['content-type'])![1]!;
  const part = one.payload.subarray(0, one.payload.lastIndexOf(`--${boundary}--`));
  return { headers: one.headers, payload: Buffer.concat([part, part, Buffer.from(`--${boundary}--\r\n`)]) };
}

/** Bodies for an operation that takes none: parsers must still refuse what they cannot read. */
function unexpectedBodyVariants(method: string): Omit<FuzzRequest, 'method' | 'url'>[] {
  const invalidJson = { label: 'invalid JSON', headers: { 'content-type': 'application/json' }, payload: '{"a":' };
  // A DELETE with a body that parses would really delete; only the unreadable body is of interest.
  if (method === 'DELETE') return [invalidJson];
  return [
    invalidJson,
    ...MALFORMED_MULTIPART.slice(0, 3).map((m) => ({ label: m.label, headers: { 'content-type': m.contentType }, payload: m.payload })),
  ];
}

export function malformedRequests(operation: Operation, ids: IdBook): FuzzRequest[] {
  const base = baselineOf(operation, ids);
  const url = urlOf(operation, base.params, base.query);
  const onBaseline = (variant: Omit<FuzzRequest, 'method' | 'url'>): FuzzRequest => ({ method: operation.method, url, ...variant });
  const variants = parameterVariants(operation, base);
  if (operation.body) {
    variants.push(
      ...fieldVariants(operation.body, base.body, json, 'body').map(onBaseline),
      ...jsonBodyVariants(base.body).map(onBaseline),
    );
  } else if (operation.multipart) {
    variants.push(...multipartVariants(operation.multipart, base.data).map(onBaseline));
  } else if (operation.method !== 'GET') {
    variants.push(...unexpectedBodyVariants(operation.method).map(onBaseline));
  }
  return variants;
}

/** What an anonymous caller tries on an operation that needs a session: no token, or a broken one. */
export function withoutSession(operation: Operation, ids: IdBook): FuzzRequest[] {
  const base = baselineOf(operation, ids);
  const request = { method: operation.method, url: urlOf(operation, base.params, base.query), ...withBaselineBody(operation, base) };
  return [
    { ...request, label: 'no token' },
    { ...request, label: 'garbage token', headers: { ...request.headers, authorization: 'Bearer garbage' } },
    { ...request, label: 'unsigned JWT', headers: { ...request.headers, authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' } },
    { ...request, label: 'token of 10 kB', headers: { ...request.headers, authorization: `Bearer ${'x'.repeat(10_000)}` } },
  ];
}

/** The well-formed request of an operation for the records in `ids` (the role × endpoint test's). */
export function wellFormedRequest(operation: Operation, ids: IdBook): Omit<FuzzRequest, 'label'> {
  const base = baselineOf(operation, ids);
  return { method: operation.method, url: urlOf(operation, base.params, base.query), ...withBaselineBody(operation, base) };
}
