import path from 'node:path';
import { MemoryLocker, Server as TusServer, type Locker } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { idSchema, lineSchema } from '@casebridge/shared/schemas/common';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { bearerToken, checkSession } from '../../access/session-check.ts';
import { isAcceptedDocument } from '@casebridge/shared/constants/orders';
import { authorizeDocumentUpload, recordUploadedDocument, type UploadTarget } from '../order-files/order-files.service.ts';
import { open, rename, rm } from 'node:fs/promises';
import { HashingFileStore } from '../../platform/uploads/hashing-file-store.ts';
import { RedisLocker } from '../../platform/uploads/redis-locker.ts';

/**
 * Resumable uploads of order documents through the tus protocol (the web app and the CLI use
 * tus-js-client). An upload is created for one component of one order by a lab user who may
 * write to it; every later request must come from the same user. Once complete, the file is
 * checked against its name, moved into storage and recorded on the component. Who may upload,
 * and what becomes of the file, is order-files' service (rule book: order.edit); this module
 * speaks tus.
 */
const TUS_PATH = '/api/uploads';

async function fileHead(localPath: string): Promise<Buffer> {
  const handle = await open(localPath, 'r');
  try {
    const buffer = Buffer.alloc(512);
    const { bytesRead } = await handle.read(buffer, 0, 512, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Takes a complete upload's file for finishing; false when another request took it first. */
async function claimFile(localPath: string, claimed: string): Promise<boolean> {
  try {
    await rename(localPath, claimed);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

function refuse(status: number, code: string, message: string): TusRefusal {
  return new TusRefusal(status, JSON.stringify({ statusCode: status, code, message }));
}

/** Only our own refusals travel to the client; anything else is a fault whose text stays here. */
async function refusingAppErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.statusCode, error.code, error.message);
    throw error;
  }
}

/** The order and component an upload is for, bounded like every other id: past the column's range is refused, not sent to SQL. */
function targetOf(metadata: Upload['metadata']): UploadTarget {
  const orderId = idSchema.safeParse(metadata?.orderId);
  const componentId = idSchema.safeParse(metadata?.componentId);
  if (!orderId.success || !componentId.success) throw refuse(400, 'VALIDATION_FAILED', 'orderId and componentId are required');
  return { orderId: orderId.data, componentId: componentId.data };
}

/** Several server processes (REDIS_URL set) share their upload locks through Redis. */
function uploadLocker(app: FastifyInstance, redisUrl: string | undefined): Locker {
  if (!redisUrl) return new MemoryLocker();
  const locker = new RedisLocker(redisUrl);
  app.addHook('onClose', async () => locker.close());
  return locker;
}

export function registerOrderUploads(app: FastifyInstance, deps: AppDeps): void {
  const directory = path.join(deps.config.dataDir, 'tus');
  const datastore = new HashingFileStore({ directory, expirationPeriodInMilliseconds: 7 * 24 * 60 * 60 * 1000 });

  /** The upload's caller, through the same session check as every HTTP request and the websocket. */
  const caller = (req: Request): Promise<UserRow> =>
    refusingAppErrors(() => checkSession(deps.db, app.jwt, bearerToken(req.headers.get('authorization'))));

  const tus = new TusServer({
    path: TUS_PATH,
    datastore,
    locker: uploadLocker(app, deps.config.redisUrl),
    relativeLocation: true,
    maxSize: deps.config.maxUploadBytes,
    respectForwardedHeaders: deps.config.trustProxy !== false,
    async onUploadCreate(req, upload) {
      const user = await caller(req);
      const filename = String(upload.metadata?.filename ?? '');
      if (!isAcceptedDocument(filename)) {
        throw refuse(400, 'FILE_TYPE_NOT_ALLOWED', 'This file type is not accepted');
      }
      if (!lineSchema.safeParse(filename).success)
        throw refuse(400, 'FILE_NAME_INVALID', 'The file name must not contain control characters');
      const target = targetOf(upload.metadata);
      // Upload-Length is known unless deferred: an upload the plan cannot hold is refused before its bytes come.
      await refusingAppErrors(() => authorizeDocumentUpload(deps, user, target, upload.size ?? null));
      return { metadata: { ...upload.metadata, filename: filename.slice(0, 200), userId: String(user.id) } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const user = await caller(req);
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      // Someone else's upload answers like a missing one.
      if (!upload || upload.metadata?.userId !== String(user.id)) throw refuse(404, 'UPLOAD_NOT_FOUND', 'Upload not found');
    },
    // tus's own size refusals are plain text; give them a code so the web app can say it in the user's language.
    onResponseError(_req, error) {
      if ('status_code' in error && error.status_code === 413)
        return refuse(413, 'UPLOAD_TOO_LARGE', 'The file is larger than uploads may be');
      return undefined;
    },
    async onUploadFinish(req, upload) {
      const user = await caller(req);
      const target = targetOf(upload.metadata);
      const localPath = path.join(directory, upload.id);
      const filename = String(upload.metadata?.filename);
      // tus lets go of the upload's lock before this hook runs, so a second request for a complete
      // upload (the last PATCH sent again, at once) can get here too: only the one whose rename
      // wins goes on. A rename is atomic on the one disk that every process's tus folder is on.
      const claimed = `${localPath}.finishing`;
      if (!(await claimFile(localPath, claimed))) throw refuse(409, 'CONFLICT', 'This upload is already being finished');
      // Asked before any check so that a refused upload's running hash is let go too.
      const sha256 = await datastore.digestOf(upload.id, upload.size ?? -1);
      try {
        const file = await refusingAppErrors(async () =>
          recordUploadedDocument(deps, user, { ...target, filename, head: await fileHead(claimed), localPath: claimed, sha256 }),
        );
        await rm(`${localPath}.json`, { force: true });
        return { headers: { 'CaseBridge-File-Id': file.id, 'CaseBridge-Sha256': file.sha256 } };
      } catch (error) {
        if (error instanceof TusRefusal) {
          // Refused for good (rights, content, the plan's storage): the upload is over and nothing of it
          // stays here. Bytes already moved into storage were queued for removal by order-files.
          await Promise.all([rm(claimed, { force: true }), rm(`${localPath}.json`, { force: true })]);
        } else {
          // A fault (the database away): the bytes go back where tus keeps them, so the last request can be sent again.
          await rename(claimed, localPath).catch(() => undefined);
        }
        throw error;
      }
    },
  });

  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
    // Declared for the record; the hooks above check the session of each tus request (a CORS preflight carries none)
    // and ask the rule book (order.edit) through order-files.
    app.route({
      method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS', 'GET'],
      url,
      schema: { hide: true },
      config: { access: 'order.edit', session: 'tus' },
      handler,
    });
  }
}
