import path from 'node:path';
import { MemoryLocker, Server as TusServer, type Locker } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { componentFiles } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import type { JwtClaims, UserRow } from '../../lib/current-user.ts';
import { checkDocument, extensionOf } from '../orders/file-types.ts';
import { DOCUMENT_EXTENSIONS } from '@casebridge/shared/constants/orders';
import { assertLabMayWrite, orderAccess } from '../orders/order-access.ts';
import { componentOf } from '../orders/orders.service.ts';
import { open, rm } from 'node:fs/promises';
import { HashingFileStore } from './hashing-file-store.ts';
import { RedisLocker } from './redis-locker.ts';

/**
 * Resumable uploads of order documents through the tus protocol (the web app and the CLI use
 * tus-js-client). An upload is created for one component of one order by a lab user who may
 * write to it; every later request must come from the same user. Once complete, the file is
 * checked against its name, moved into storage and recorded on the component.
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

class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

function refuse(status: number, code: string, message: string): TusRefusal {
  return new TusRefusal(status, JSON.stringify({ statusCode: status, code, message }));
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

  async function caller(req: Request): Promise<UserRow> {
    const header = req.headers.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    let claims: JwtClaims;
    try {
      claims = app.jwt.verify<JwtClaims>(token);
    } catch {
      throw refuse(401, 'UNAUTHENTICATED', 'Sign in to continue');
    }
    const [user] = await deps.db.select().from(users).where(eq(users.id, Number(claims.sub)));
    if (!user || user.blocked || user.tokenVersion !== claims.ver) throw refuse(401, 'UNAUTHENTICATED', 'Sign in to continue');
    return user;
  }

  /** The order and component an upload is for, checked as for any other lab write. */
  async function target(user: UserRow, metadata: Upload['metadata']) {
    const orderId = Number(metadata?.orderId);
    const componentId = Number(metadata?.componentId);
    if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(componentId)) throw refuse(400, 'VALIDATION_FAILED', 'orderId and componentId are required');
    try {
      const access = await orderAccess(deps.db, user, orderId);
      if (access.side !== 'lab') throw refuse(403, 'FORBIDDEN', 'Only the lab uploads documents');
      assertLabMayWrite(access);
      const component = await componentOf(deps, access, componentId);
      return { access, component };
    } catch (error) {
      if (error instanceof TusRefusal) throw error;
      const e = error as { statusCode?: number; code?: string; message?: string };
      throw refuse(e.statusCode ?? 500, e.code ?? 'INTERNAL', e.message ?? 'Upload refused');
    }
  }

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
      if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(filename))) {
        throw refuse(400, 'FILE_TYPE_NOT_ALLOWED', 'This file type is not accepted');
      }
      await target(user, upload.metadata);
      return { metadata: { ...upload.metadata, filename: filename.slice(0, 200), userId: String(user.id) } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const user = await caller(req);
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      // Someone else's upload answers like a missing one.
      if (!upload || upload.metadata?.userId !== String(user.id)) throw refuse(404, 'NOT_FOUND', 'Upload not found');
    },
    async onUploadFinish(req, upload) {
      const user = await caller(req);
      const { component } = await target(user, upload.metadata);
      const localPath = path.join(directory, upload.id);
      const filename = String(upload.metadata?.filename);
      // Asked before the check so that a refused upload's running hash is let go too.
      const sha256 = await datastore.digestOf(upload.id, upload.size ?? -1);
      const check = checkDocument(filename, await fileHead(localPath));
      if (!check.ok) {
        await rm(localPath, { force: true });
        throw refuse(400, 'FILE_TYPE_NOT_ALLOWED', 'The file is not what its name says');
      }
      const stored = await deps.storage.adopt('documents', localPath, sha256);
      await rm(`${localPath}.json`, { force: true });
      const [row] = await deps.db
        .insert(componentFiles)
        .values({ componentId: component.id, kind: 'document', name: filename, storageKey: stored.key, size: stored.size, sha256: stored.sha256, fileType: check.fileType, uploadedById: user.id })
        .returning();
      return { headers: { 'CaseBridge-File-Id': row!.id, 'CaseBridge-Sha256': stored.sha256 } };
    },
  });

  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
    app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS', 'GET'], url, schema: { hide: true }, handler });
  }
}
