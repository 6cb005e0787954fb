import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { inOurShape } from './tus-patch.ts';

/**
 * The tus requests @tus/server still answers (POST, HEAD, DELETE, OPTIONS; PATCH is tus-patch.ts)
 * go through its `handleWeb`, so that its answer passes through us before it is sent: its own
 * refusals (a malformed Upload-Length or Upload-Metadata, an unknown path) are plain text written
 * before any hook of ours runs, and every refusal of the API is JSON in one shape (DESIGN §5).
 */
export function webRequestOf(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Only a creation with upload (tus extension) carries bytes tus reads; any other body is left unread.
  const carriesBytes = request.method === 'POST' && headers.get('content-type') === 'application/offset+octet-stream';
  return new Request(new URL(request.url ?? '/', 'http://localhost'), {
    method: request.method,
    headers,
    ...(carriesBytes ? { body: Readable.toWeb(request) as ReadableStream, duplex: 'half' } : {}),
  });
}

/** A refusal of @tus/server in our JSON error shape; answers that are no refusal, or JSON already, pass as they are. */
export async function inJsonShape(response: Response): Promise<Response> {
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  if (response.status < 400 || isJson) return response;
  const text = (await response.text()).trim();
  const ours = inOurShape({ status_code: response.status, body: describe(text) });
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(ours?.body ?? text, { status: response.status, headers });
}

/** "Invalid upload-length upload-metadata" says which headers; the rest of tus's texts are sentences already. */
function describe(text: string): string {
  const invalid = /^Invalid (.+)$/.exec(text);
  return invalid ? `These tus headers are malformed: ${invalid[1]!.split(' ').join(', ')}` : text;
}
