import { PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { z } from 'zod';
import { lineSchema } from '@casebridge/shared/schemas/common';
import { formatBytes } from '@casebridge/shared/format/bytes';
import type { Storage } from '../platform/storage/storage.ts';
import { TooLargeError } from '../platform/storage/storage.ts';
import { illFormedTextAt, illFormedTextError } from './well-formed-text.ts';
import { AppError } from './app-error.ts';
import { sniffImageType } from './image-type.ts';

export interface UploadedFile {
  key: string;
  name: string;
  type: string;
  size: number;
  sha256: string;
}
export type UploadedImage = UploadedFile;

interface FileRule {
  /** The part name is `files.<field>`, as in the spec's multipart calls. */
  field: string;
  prefix: string;
  maxBytes: number;
  /** Recognises the file by its first bytes (and name); null refuses it. */
  sniff: (head: Buffer, filename: string) => string | null;
  typeMessage: string;
}

/**
 * Reads the spec's multipart shape: a `data` field holding JSON and at most one file under
 * `files.<name>`. The file streams to storage and is then checked by its first bytes; anything
 * that is not what it claims is deleted again and refused.
 */
export async function readFileForm(
  request: FastifyRequest,
  storage: Storage,
  rule: FileRule,
): Promise<{ data: unknown; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw AppError.fields({ _: ['FORM_MALFORMED'] }, 'Expected a multipart form');
  let data: unknown = undefined;
  let file: UploadedFile | null = null;
  // The form is always read to its end, even after a refusal: a parser left mid-form would
  // later fail with nobody listening, and that failure would take the whole process down.
  let refusal: unknown = null;
  try {
    for await (const part of formParts(request, { fileSize: rule.maxBytes + 1, files: 1, fields: 5 })) {
      if (part.type === 'field') {
        if (part.fieldname === 'data' && !refusal) refusal = parsedInto(String(part.value), (value) => (data = value));
        continue;
      }
      const problem = refusal ?? fileProblem(part.fieldname, part.filename, rule, file !== null);
      if (problem) {
        refusal = problem;
        discard(part.file);
        continue;
      }
      file = await storeChecked(storage, part.file, part.filename, rule);
    }
    if (refusal) throw refusal;
  } catch (error) {
    if (file) await storage.remove(file.key);
    throw error;
  }
  return { data, file };
}

export async function readImageForm(request: FastifyRequest, storage: Storage, field: string, prefix: string, maxBytes: number) {
  const { data, file } = await readFileForm(request, storage, {
    field,
    prefix,
    maxBytes,
    sniff: (head) => sniffImageType(head),
    typeMessage: 'Please choose a PNG, JPEG, GIF or WebP image',
  });
  return { data, image: file };
}

/**
 * The form's parts as they arrive. A form the parser cannot read (no boundary, garbage, cut short)
 * is the caller's mistake: a 400 that says so, instead of the parser's bare Error (a 500).
 */
async function* formParts(request: FastifyRequest, limits: { fileSize: number; files: number; fields: number }): AsyncGenerator<Multipart> {
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw unreadableForm(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** Parts past the form's limits: more files or fields than a call takes is not a size problem. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** The plugin's other errors carry their status (413 over the size limit, 406 not multipart): they stay. */
function unreadableForm(error: unknown): unknown {
  const { statusCode, code } = (error ?? {}) as { statusCode?: number; code?: string };
  if (code && TOO_MANY_PARTS.has(code))
    return new AppError(400, 'FORM_MALFORMED', 'The form has more parts than this call takes: a data field and at most one file');
  if (error instanceof AppError || (statusCode !== undefined && statusCode < 500)) return error;
  return new AppError(400, 'FORM_MALFORMED', 'The form could not be read: it is malformed or ends too soon');
}

/**
 * Drains a file part we refuse. Its stream may still fail later (a form cut short): that failure
 * is already answered by our refusal, and must not surface as an unhandled 'error' event.
 */
function discard(file: Readable): void {
  file.on('error', () => undefined);
  file.resume();
}

/** Parses the JSON data field; answers the refusal instead of throwing it. */
function parsedInto(value: string, keep: (data: unknown) => void): AppError | null {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return AppError.fields({ data: ['FORM_MALFORMED'] }, 'The data field must be JSON');
  }
  const illFormed = illFormedTextAt(data);
  if (illFormed !== null) return illFormedTextError(illFormed);
  keep(data);
  return null;
}

function fileProblem(fieldname: string, filename: string, rule: FileRule, haveFile: boolean): AppError | null {
  if (fieldname !== `files.${rule.field}` || haveFile)
    return AppError.fields({ [rule.field]: ['FORM_MALFORMED'] }, `Unexpected file field ${fieldname}`);
  if (!lineSchema.safeParse(filename).success)
    return AppError.fields({ [rule.field]: ['FILE_NAME_INVALID'] }, 'The file name must not contain control characters');
  return null;
}

/**
 * The file's bytes through a stream of our own. A form that ends inside the file fails the part's
 * stream (the caller's fault); a failing store only tears down this copy, so the two stay apart.
 */
function isolated(part: Readable): { stream: Readable; failed: () => boolean } {
  const stream = new PassThrough();
  let failed = part.errored !== null;
  if (failed) stream.destroy(part.errored!);
  part.on('error', (error) => {
    failed = true;
    stream.destroy(error);
  });
  part.pipe(stream);
  // pipe() re-emits a failure on the copy once the store has stopped listening to it; the store's
  // own pipeline already saw it, so this late echo must not become an unhandled 'error' event.
  stream.on('error', () => undefined);
  return { stream, failed: () => failed };
}

async function storeChecked(storage: Storage, stream: NodeJS.ReadableStream, filename: string, rule: FileRule): Promise<UploadedFile> {
  let stored;
  const source = isolated(stream as Readable);
  try {
    stored = await storage.put(rule.prefix, source.stream, rule.maxBytes);
  } catch (error) {
    if (error instanceof TooLargeError) throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${formatBytes(rule.maxBytes)}`);
    if (source.failed()) throw unreadableForm(error);
    throw error;
  }
  const type = rule.sniff(await readHead(storage, stored.key), filename);
  if (!type) {
    await storage.remove(stored.key);
    throw new AppError(400, 'FILE_TYPE_NOT_ALLOWED', rule.typeMessage, { [rule.field]: ['FILE_TYPE_NOT_ALLOWED'] });
  }
  return { key: stored.key, name: filename.slice(0, 200), type, size: stored.size, sha256: stored.sha256 };
}

/** The first bytes of a stored file: enough for every signature we check (DICOM's sits at 128). */
export async function readHead(storage: Storage, key: string, bytes = 512): Promise<Buffer> {
  const opened = await storage.open(key, { firstBytes: bytes });
  if (!opened) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of opened.stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  opened.stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** A multipart form a route hands to a service unread: the service reads it after its access check. */
export type ImageFormReader = () => Promise<{ data: unknown; image: UploadedImage | null }>;

/**
 * Reads the form, validates its `data` field with `schema` and gives both to `use`. Whatever
 * fails after the image was stored (bad data, a rule of `use`) removes the image again.
 */
export async function useImageForm<T extends z.ZodType, R>(
  storage: Storage,
  readForm: ImageFormReader,
  schema: T,
  use: (data: z.infer<T>, image: UploadedImage | null) => Promise<R>,
): Promise<R> {
  const form = await readForm();
  try {
    return await use(parseFormData(schema, form.data), form.image);
  } catch (error) {
    if (form.image) await storage.remove(form.image.key);
    throw error;
  }
}

/** A form of one required file (a document, an installer) a route hands to a service unread. */
export type FileFormReader = () => Promise<{ data: unknown; file: UploadedFile | null }>;

/**
 * Reads the form, refuses it without its file (`missing` says what to choose), validates its
 * `data` field with `schema` and gives both to `use`. Whatever fails after the file was stored
 * (bad data, a rule of `use`) removes the file again.
 */
export async function useFileForm<T extends z.ZodType, R>(
  storage: Storage,
  readForm: FileFormReader,
  schema: T,
  missing: string,
  use: (data: z.infer<T>, file: UploadedFile) => Promise<R>,
): Promise<R> {
  const { data, file } = await readForm();
  if (!file) throw AppError.fields({ file: ['FILE_REQUIRED'] }, missing);
  try {
    return await use(parseFormData(schema, data), file);
  } catch (error) {
    await storage.remove(file.key);
    throw error;
  }
}

/** Validates the JSON of a multipart `data` field with the same schemas as a JSON body. */
export function parseFormData<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, ['VALIDATION_FAILED']> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'data')] = ['VALIDATION_FAILED'];
  throw AppError.fields(errors);
}
