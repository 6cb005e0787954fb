import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { sniffImageType } from '../../lib/image-type.ts';

/**
 * An avatar or logo by its storage key, with its type derived from its bytes (never from a name
 * or a stored claim). Public: the key's 128 random bits are the capability (an <img> cannot send
 * a bearer token). Anything that is not an image answers like a missing file.
 */
export async function readImage(deps: AppDeps, key: string): Promise<{ type: string; body: Buffer }> {
  const opened = await deps.storage.open(key);
  if (!opened) throw AppError.notFound('File');
  // Images are capped at MAX_IMAGE_BYTES on upload, so reading one whole is bounded.
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = sniffImageType(body.subarray(0, 16));
  if (!type) throw AppError.notFound('File');
  return { type, body };
}
