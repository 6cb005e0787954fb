import { MemoryLocker, Server as TusServer, type Locker } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { idSchema, lineSchema } from '@casebridge/shared/schemas/common';
import type { UserRow } from '../../lib/current-user.ts';
import { bearerToken, checkSession } from '../../access/session-check.ts';
import { isAcceptedDocument } from '@casebridge/shared/constants/orders';
import { authorizeDocumentUpload, recordUploadedDocument, type UploadTarget } from '../order-files/order-files.service.ts';
import { bucketUploads, diskUploads, refuse, refusingAppErrors } from './order-uploads.files.ts';
import { RedisLocker } from '../../platform/uploads/redis-locker.ts';
import { answerTusPatch, type TusPatchOptions } from '../../platform/uploads/tus-patch.ts';

/**
 * Resumable uploads of order documents through the tus protocol (the web app and the CLI use
 * tus-js-client). An upload is created for one component of one order by a lab user who may
 * write to it; every later request must come from the same user. Once complete, the file is
 * checked against its name, moved into storage and recorded on the component. Unfinished uploads
 * live under DATA_DIR/tus, or with STORAGE_URL in the bucket (order-uploads.files.ts). Who may upload,
 * and what becomes of the file, is order-files' service (rule book: order.edit); this module
 * speaks tus.
 */
const TUS_PATH = '/api/uploads';

/** The order and component an upload is for, bounded like every other id: past the column's range is refused, not sent to SQL. */
function targetOf(metadata: Upload['metadata']): UploadTarget {
  const orderId = idSchema.safeParse(metadata?.orderId);
  const componentId = idSchema.safeParse(metadata?.componentId);
  if (!orderId.success || !componentId.success) throw refuse(400, 'VALIDATION_FAILED', 'orderId and componentId are required');
  return { orderId: orderId.data, componentId: componentId.data };
}

/** Several server processes (REDIS_URL set) share their upload locks through Redis, under their deployment's prefix. */
function uploadLocker(app: FastifyInstance, config: AppDeps['config']): Locker {
  if (!config.redisUrl) return new MemoryLocker();
  const locker = new RedisLocker(config.redisUrl, { prefix: `${config.redisKeyPrefix}:tus` });
  app.addHook('onClose', async () => locker.close());
  return locker;
}

export function registerOrderUploads(app: FastifyInstance, deps: AppDeps): void {
  const locker = uploadLocker(app, deps.config);
  // With STORAGE_URL, unfinished uploads live in the bucket too: any process continues them (ADR 0018).
  const backend = deps.config.s3 ? bucketUploads(deps, locker) : diskUploads(deps);
  const { datastore } = backend;

  /** The upload's caller, through the same session check as every HTTP request and the websocket. */
  const caller = (authorization: string | null | undefined): Promise<UserRow> =>
    refusingAppErrors(() => checkSession(deps.db, app.jwt, bearerToken(authorization ?? null)));

  /** Every request after the first (POST) must come from the upload's creator; someone else's upload answers like a missing one. */
  async function checkOwner(authorization: string | null | undefined, uploadId: string): Promise<void> {
    const user = await caller(authorization);
    const upload = await datastore.getUpload(uploadId).catch(() => null);
    if (!upload || upload.metadata?.userId !== String(user.id)) throw refuse(404, 'UPLOAD_NOT_FOUND', 'Upload not found');
  }

  async function finishUpload(authorization: string | null | undefined, upload: Upload) {
    const user = await caller(authorization);
    const target = targetOf(upload.metadata);
    const filename = String(upload.metadata?.filename);
    const file = await backend.finish(upload, ({ storage, ...bytes }) =>
      refusingAppErrors(() => recordUploadedDocument({ ...deps, storage }, user, { ...target, filename, ...bytes })),
    );
    return { headers: { 'CaseBridge-File-Id': String(file.id), 'CaseBridge-Sha256': file.sha256 } };
  }

  // tus's own size refusals are plain text; give them a code so the web app can say it in the user's language.
  const sizeRefusal = (error: { status_code?: number }) =>
    error.status_code === 413 ? refuse(413, 'UPLOAD_TOO_LARGE', 'The file is larger than uploads may be') : undefined;

  const tus = new TusServer({
    path: TUS_PATH,
    datastore,
    locker,
    relativeLocation: true,
    maxSize: deps.config.maxUploadBytes,
    respectForwardedHeaders: deps.config.trustProxy !== false,
    async onUploadCreate(req, upload) {
      const user = await caller(req.headers.get('authorization'));
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
      if (req.method !== 'POST' && req.method !== 'OPTIONS') await checkOwner(req.headers.get('authorization'), uploadId);
    },
    onResponseError: (_req, error) => sizeRefusal(error as { status_code?: number }),
    // An empty upload is complete when created.
    onUploadFinish: (req, upload) => finishUpload(req.headers.get('authorization'), upload),
  });
  // The bytes of an upload go to the store as they come, without @tus/server (tus-patch.ts, ADR 0018).
  const patchOptions: TusPatchOptions = {
    datastore,
    locker,
    maxSize: deps.config.maxUploadBytes,
    checkRequest: (request, uploadId) => checkOwner(request.headers.authorization, uploadId),
    onUploadFinish: async (request, upload) => (await finishUpload(request.headers.authorization, upload)).headers,
  };
  // The body is left unread here: the PATCH handler streams it, @tus/server reads it for POST.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  app.route({
    method: 'PATCH',
    url: `${TUS_PATH}/:uploadId`,
    schema: { hide: true },
    config: { access: 'order.edit', session: 'tus' },
    async handler(request, reply) {
      const { uploadId } = request.params as { uploadId: string };
      const answer = await answerTusPatch(patchOptions, request.raw, uploadId);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  });
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
    // Declared for the record; the hooks above check the session of each tus request (a CORS preflight carries none)
    // and ask the rule book (order.edit) through order-files.
    app.route({
      method: ['POST', 'HEAD', 'DELETE', 'OPTIONS', 'GET'],
      url,
      schema: { hide: true },
      config: { access: 'order.edit', session: 'tus' },
      handler,
    });
  }
}
