import type { FastifyRequest } from 'fastify';
import type { Storage } from '../platform/storage/storage.ts';
import { TooLargeError } from '../platform/storage/storage.ts';
import { AppError } from './app-error.ts';
import { sniffImageType, type ImageType } from './image-type.ts';

export interface UploadedImage {
  key: string;
  name: string;
  type: ImageType;
}

/**
 * Reads the spec's multipart shape: a `data` field holding JSON and one image under
 * `files.<name>`. The image streams to storage and is then checked by its first bytes;
 * anything that is not really an image is deleted again and refused.
 */
export async function readImageForm(
  request: FastifyRequest,
  storage: Storage,
  fileField: string,
  prefix: string,
  maxBytes: number,
): Promise<{ data: unknown; image: UploadedImage | null }> {
  if (!request.isMultipart()) throw AppError.fields({ _: ['VALIDATION_FAILED'] }, 'Expected a multipart form');
  let data: unknown = undefined;
  let image: UploadedImage | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') data = parseJson(String(part.value));
        continue;
      }
      if (part.fieldname !== `files.${fileField}` || image) {
        part.file.resume();
        throw AppError.fields({ [fileField]: ['VALIDATION_FAILED'] }, `Unexpected file field ${part.fieldname}`);
      }
      image = await storeImage(storage, part.file, part.filename, prefix, maxBytes, fileField);
    }
  } catch (error) {
    if (image) await storage.remove(image.key);
    throw error;
  }
  return { data, image };
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.fields({ data: ['VALIDATION_FAILED'] }, 'The data field must be JSON');
  }
}

async function storeImage(
  storage: Storage,
  file: NodeJS.ReadableStream,
  filename: string,
  prefix: string,
  maxBytes: number,
  fileField: string,
): Promise<UploadedImage> {
  let stored;
  try {
    stored = await storage.put(prefix, file as never, maxBytes);
  } catch (error) {
    if (error instanceof TooLargeError) throw new AppError(413, 'FILE_TOO_LARGE', `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    throw error;
  }
  const head = await readHead(storage, stored.key);
  const type = sniffImageType(head);
  if (!type) {
    await storage.remove(stored.key);
    throw new AppError(400, 'FILE_TYPE_NOT_ALLOWED', 'Please choose a PNG, JPEG, GIF or WebP image', { [fileField]: ['FILE_TYPE_NOT_ALLOWED'] });
  }
  return { key: stored.key, name: filename.slice(0, 200), type };
}

async function readHead(storage: Storage, key: string): Promise<Buffer> {
  const opened = await storage.open(key);
  if (!opened) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of opened.stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= 16) break;
  }
  opened.stream.destroy();
  return Buffer.concat(chunks).subarray(0, 16);
}
