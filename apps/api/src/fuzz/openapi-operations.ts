import { randomBytes } from 'node:crypto';

/**
 * The operations of the API as its OpenAPI document describes them, and a well-formed request for
 * each: the fuzz test starts from that request and breaks one thing at a time, so every variant
 * gets as deep into the handler as its one broken part lets it.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "PUT /api/users/profile", as the document names it. */
  key: string;
  method: string;
  path: string;
  secured: boolean;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Set by the routes' `x-multipart` mark: the file part's name and the `data` part's schema. */
  multipart?: { file: string; data?: JsonSchema };
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  'x-multipart'?: { file: string; data?: JsonSchema };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const inPlace = (place: string) =>
        parameters.filter((p) => p.in === place).map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        secured: (operation.security ?? []).length > 0,
        pathParams: inPlace('path'),
        query: inPlace('query'),
        body: operation.requestBody?.content['application/json']?.schema,
        multipart: operation['x-multipart'],
      });
    }
  }
  return operations;
}

export type FieldKind = 'integer' | 'number' | 'boolean' | 'string' | 'enum' | 'array' | 'object' | 'any';

/** What kind of value a field takes; of a union, the most breakable member (a number over a word). */
export function kindOf(schema: JsonSchema): FieldKind {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const kinds = options.map(kindOf);
    return (['integer', 'number', 'string', 'object', 'array', 'boolean', 'enum'] as const).find((kind) => kinds.includes(kind)) ?? 'any';
  }
  if (schema.enum || schema.const !== undefined) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number' || type === 'boolean' || type === 'string' || type === 'array' || type === 'object')
    return type;
  return schema.properties ? 'object' : 'any';
}

/**
 * Real ids of the signed-in callers' own records, by the name a request gives them: a parameter
 * or field name (`millId`), or for a bare `{id}` the path segment before it (`/companies/{id}`).
 */
export type IdBook = Record<string, number>;

export function idFor(ids: IdBook, name: string, path = ''): number {
  if (name === 'id') {
    const segment = /\/([^/{}]+)\/\{id\}/.exec(path)?.[1] ?? '';
    return ids[segment] ?? 1;
  }
  return ids[name] ?? 1;
}

/** Strings the patterns of the API accept; the first one a field's pattern and length allow is used. */
const PATTERN_SAMPLES = [
  'Fuzz value',
  'CH',
  '12345',
  'fuzzvalue',
  'ABCDE-12345-FGHIJ-KLMNO-PQRST',
  'created_at:desc',
  'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd',
  'de',
  '2026-01-15',
];

function sampleString(schema: JsonSchema, name: string): string {
  if (/email|identifier/i.test(name)) return `fuzz-${randomBytes(4).toString('hex')}@example.test`;
  const fits = (value: string) => value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return PATTERN_SAMPLES.find((value) => pattern.test(value) && fits(value)) ?? 'fuzzvalue';
  }
  const value = 'Fuzz value'.padEnd(schema.minLength ?? 0, 'x');
  return value.slice(0, schema.maxLength ?? value.length);
}

function sampleNumber(schema: JsonSchema, name: string, ids: IdBook, path: string): number {
  if (/id$/i.test(name) || name in ids) return idFor(ids, name, path);
  const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
  return Math.max(schema.minimum ?? 1, 0) + exclusive;
}

/** A value the schema accepts, or comes close to: real ids where a name says which record. */
export function sample(schema: JsonSchema, name: string, ids: IdBook, path = ''): unknown {
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const kind = kindOf(schema);
    return sample(options.find((option) => kindOf(option) === kind) ?? options[0]!, name, ids, path);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (kindOf(schema)) {
    case 'integer':
    case 'number':
      return sampleNumber(schema, name, ids, path);
    case 'boolean':
      // false changes least: it unblocks, keeps data collection off, links nothing.
      return false;
    case 'string':
      return sampleString(schema, name);
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items ?? {}, name, ids, path));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, key, ids, path)]));
    default:
      return 'Fuzz value';
  }
}

/** Every field of a sampled body, nested ones included, as a path into it with its schema. */
export function fieldsOf(
  schema: JsonSchema,
  value: unknown,
  at: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
  const fields: { path: (string | number)[]; schema: JsonSchema }[] = [];
  const kind = kindOf(schema);
  if (kind === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      fields.push({ path: [...at, key], schema: property }, ...fieldsOf(property, (value as Record<string, unknown>)[key], [...at, key]));
    }
  } else if (kind === 'array' && Array.isArray(value) && value.length > 0 && schema.items) {
    fields.push({ path: [...at, 0], schema: schema.items }, ...fieldsOf(schema.items, value[0], [...at, 0]));
  }
  return fields;
}

/** A copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withField(copy[head!], rest, replacement);
  return copy;
}
