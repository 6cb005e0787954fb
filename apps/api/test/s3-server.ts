import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The settings that point the portal at this server's bucket (STORAGE_URL and the AWS_* names). */
  env(prefix?: string): Record<string, string>;
  /** Every object key in the bucket and every multipart upload not completed nor aborted (as `upload:<id>`). */
  contents(): Promise<string[]>;
  close(): Promise<void>;
}

const BUCKET = 'casebridge-test';

/**
 * s3rver (a fake S3 on the local disk) on a free port of 127.0.0.1, its files in a temp folder.
 * s3rver 3.7.1 knows no AbortMultipartUpload (it answers 405); this server answers it by dropping
 * the upload's parts, as S3 does, so the tests can see that a failed put leaves nothing behind.
 * Nor ListMultipartUploads (the sweeper's): answered here from s3rver's uploads folder, in one page.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'casebridge-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await s3rver.configureBuckets();
  const uploads = path.join(directory, BUCKET, '._S3rver_uploads');
  const handle = atomicWrites(s3rver.callback());
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'GET' && url.searchParams.has('uploads')) {
      void listUploads(uploads, url.searchParams.get('prefix') ?? '').then((xml) =>
        response.writeHead(200, { 'content-type': 'application/xml' }).end(xml),
      );
      return;
    }
    if (request.method !== 'DELETE' || !uploadId || !/^[0-9a-f]+$/.test(uploadId)) return handle(request, response);
    void rm(path.join(uploads, uploadId), { recursive: true, force: true }).then(() => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${BUCKET}${prefix ? `/${prefix}` : ''}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      // s3rver's fixed test credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async contents() {
      const objects = await objectKeys(path.join(directory, BUCKET));
      const unfinished = await readdir(uploads).catch(() => []);
      return [...objects, ...unfinished.map((id) => `upload:${id}`)].sort();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * S3 shows an object whole or not at all; s3rver writes it in place, so a read racing a rewrite (an
 * unfinished upload's record, rewritten during each write) could see it half written. Reads of an
 * object wait here until the writes of that same object that came before them are answered.
 */
function atomicWrites(handle: Handler): Handler {
  const writing = new Map<string, Promise<void>>();
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const object = url.pathname;
    if (request.method === 'PUT' && !url.searchParams.has('uploadId')) {
      const answered = new Promise<void>((resolve) => response.once('close', () => resolve()));
      writing.set(object, answered);
      void answered.then(() => writing.get(object) === answered && writing.delete(object));
      return handle(request, response);
    }
    const pending = request.method === 'GET' || request.method === 'HEAD' ? writing.get(object) : undefined;
    if (!pending) return handle(request, response);
    void pending.then(() => handle(request, response));
  };
}

/** s3rver keeps an object `a/b` as the file `a/b._S3rver_object` (beside its metadata). */
async function objectKeys(bucketDir: string): Promise<string[]> {
  const entries = await readdir(bucketDir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('._S3rver_object')).map((entry) => entry.slice(0, -'._S3rver_object'.length));
}

/** ListMultipartUploads' answer: s3rver keeps each upload as a folder holding its key, begun when that was written. */
async function listUploads(uploadsDir: string, prefix: string): Promise<string> {
  const ids = await readdir(uploadsDir).catch(() => []);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const keyFile = path.join(uploadsDir, id, 'key');
      // An upload aborted or completed meanwhile is no longer listed.
      const found = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]).catch(() => null);
      return found && { id, key: found[0], initiated: found[1].mtime.toISOString() };
    }),
  );
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries = uploads
    .filter((upload) => upload !== null && upload.key.startsWith(prefix))
    .map((upload) => upload!)
    .map((u) => `<Upload><Key>${escape(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated}</Initiated></Upload>`);
  const head = `<Bucket>${BUCKET}</Bucket><Prefix>${escape(prefix)}</Prefix><IsTruncated>false</IsTruncated>`;
  const xmlns = 'http://s3.amazonaws.com/doc/2006-03-01/';
  return `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="${xmlns}">${head}${entries.join('')}</ListMultipartUploadsResult>`;
}
