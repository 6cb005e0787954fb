import type { FastifyRequest } from 'fastify';
import type { Storage } from '../platform/storage/storage.ts';
import { TooLargeError } from '../platform/storage/storage.ts';
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
export async function readFileForm(request: FastifyRequest, storage: Storage, rule: FileRule): Promise<{ data: unknown; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw AppError.fields({ _: ['VALIDATION_FAILED'] }, 'Expected a multipart form');
  let data: unknown = undefined;
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes + 1, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') data = parseJson(String(part.value));
        continue;
      }
      if (part.fieldname !== `files.${rule.field}` || file) {
        part.file.resume();
        throw AppError.fields({ [rule.field]: ['VALIDATION_FAILED'] }, `Unexpected file field ${part.fieldname}`);
      }
      file = await storeChecked(storage, part.file, part.filename, rule);
    }
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

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.fields({ data: ['VALIDATION_FAILED'] }, 'The data field must be JSON');
  }
}

async function storeChecked(storage: Storage, stream: NodeJS.ReadableStream, filename: string, rule: FileRule): Promise<UploadedFile> {
  let stored;
  try {
    stored = await storage.put(rule.prefix, stream as never, rule.maxBytes);
  } catch (error) {
    if (error instanceof TooLargeError) throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${Math.round(rule.maxBytes / 1024 / 1024)} MB`);
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
  const opened = await storage.open(key);
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
