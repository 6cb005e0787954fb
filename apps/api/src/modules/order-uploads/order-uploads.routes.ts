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
import { answerTusPatch, inOurShape, type TusPatchOptions } from '../../platform/uploads/tus-patch.ts';
import { inJsonShape, webRequestOf } from '../../platform/uploads/tus-web.ts';

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

export async function registerOrderUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
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
    // tus's own refusals are plain text: in our shape, with a code the web app can say in the user's language.
    onResponseError: (_req, error) => inOurShape(error),
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
  // @tus/server answers from a web Request; its plain-text refusals leave in our JSON shape (tus-web.ts).
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) =>
    reply.send(await inJsonShape(await tus.handleWeb(webRequestOf(request.raw))));
  // A tus request's body is its handler's to read (the PATCH handler streams it, @tus/server reads a POST's), so no
  // parser of Fastify's reads it first or refuses its content type: tus's own rules answer, in our error shape
  // (412 without Tus-Resumable, 415 for a PATCH that is not application/offset+octet-stream).
  await app.register(async (tusRoutes) => {
    tusRoutes.removeAllContentTypeParsers();
    tusRoutes.addContentTypeParser('*', (_request, _payload, done) => done(null));
    tusRoutes.route({
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
    for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
      // Declared for the record; the hooks above check the session of each tus request (a CORS preflight carries none)
      // and ask the rule book (order.edit) through order-files.
      tusRoutes.route({
        method: ['POST', 'HEAD', 'DELETE', 'OPTIONS', 'GET'],
        url,
        schema: { hide: true },
        config: { access: 'order.edit', session: 'tus' },
        handler,
      });
    }
  });
}
