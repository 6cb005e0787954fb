import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Locker } from '@tus/server';
import type { DataStore, Upload } from '@tus/utils';
import type { AppDeps } from '../../deps.ts';
import { FINISHING_SUFFIX, HashingFileStore } from '../../platform/uploads/hashing-file-store.ts';
import { S3UploadStore, uploadPartSize } from '../../platform/uploads/s3-upload-store.ts';
import { s3ClientOf } from '../../platform/storage/s3-storage.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { ErrorCode } from '@casebridge/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { errorBody } from '../../lib/error-handler.ts';

/** tus sends an error with these two fields as it is: only our own refusals travel to the client. */
export class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

export function refuse(status: number, code: ErrorCode, message: string): TusRefusal {
  return new TusRefusal(status, JSON.stringify(errorBody(status, code, message)));
}

/** Only our own refusals travel to the client; anything else is a fault whose text stays here. */
export async function refusingAppErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.statusCode, error.code, error.message);
    throw error;
  }
}

export const alreadyFinishing = () => refuse(409, 'CONFLICT', 'This upload is already being finished');

/** Unfinished uploads that nobody continued for a week are refused as expired. */
const EXPIRATION_MS = 7 * 24 * 60 * 60 * 1000;
const HEAD_BYTES = 512;

/** A complete upload's bytes as order-files takes them: its first bytes, and where storage adopts them from. */
export interface CompleteBytes {
  head: Buffer;
  localPath: string;
  sha256: string | null;
  /** The storage to adopt through: for the bucket, one whose `adopt` takes the object already in place. */
  storage: Storage;
}

export interface UploadBackend {
  datastore: DataStore;
  /** Hands a complete upload's bytes to `record` once, whichever request finishes it; refuses the others with 409. */
  finish<T>(upload: Upload, record: (bytes: CompleteBytes) => Promise<T>): Promise<T>;
}

const tusDirectory = (deps: AppDeps) => path.join(deps.config.dataDir, 'tus');
const diskStore = (deps: AppDeps) => new HashingFileStore({ directory: tusDirectory(deps), expirationPeriodInMilliseconds: EXPIRATION_MS });

function bucketStore(deps: AppDeps): S3UploadStore {
  const s3 = deps.config.s3!;
  return new S3UploadStore({
    client: s3ClientOf(s3),
    bucket: s3.bucket,
    prefix: s3.prefix,
    keyPrefix: 'documents',
    partSize: uploadPartSize(deps.config.maxUploadBytes),
    expirationPeriodInMilliseconds: EXPIRATION_MS,
  });
}

/**
 * The sweeper of abandoned uploads (scheduled in jobs.ts, so it runs once across processes): the
 * expired ones go with their bytes, in the bucket with STORAGE_URL (records, tails and multipart
 * uploads, ADR 0018), else under DATA_DIR/tus, the folder every process shares then. How many went.
 */
export function sweepAbandonedUploads(deps: AppDeps): Promise<number> {
  return (deps.config.s3 ? bucketStore(deps) : diskStore(deps)).deleteExpired();
}

/** Unfinished uploads under DATA_DIR/tus, adopted into storage by a rename. */
export function diskUploads(deps: AppDeps): UploadBackend {
  const directory = tusDirectory(deps);
  const datastore = diskStore(deps);
  return {
    datastore,
    async finish(upload, record) {
      const localPath = path.join(directory, upload.id);
      // tus lets go of the upload's lock before this hook runs, so a second request for a complete
      // upload (the last PATCH sent again, at once) can get here too: only the one whose rename
      // wins goes on. A rename is atomic on the one disk that every process's tus folder is on.
      const claimed = `${localPath}${FINISHING_SUFFIX}`;
      if (!(await claimFile(localPath, claimed))) throw alreadyFinishing();
      // Asked before any check so that a refused upload's running hash is let go too.
      const sha256 = await datastore.digestOf(upload.id, upload.size ?? -1);
      try {
        const result = await record({ head: await fileHead(claimed), localPath: claimed, sha256, storage: deps.storage });
        await rm(`${localPath}.json`, { force: true });
        return result;
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
  };
}

/**
 * Unfinished uploads in the bucket of STORAGE_URL (ADR 0018): the complete multipart upload already
 * is the stored object under its final key, so adopting it moves no bytes. Finishing is claimed
 * through the upload locker (Redis across processes), as the disk claims it by a rename.
 */
export function bucketUploads(deps: AppDeps, locker: Locker): UploadBackend {
  const datastore = bucketStore(deps);
  return {
    datastore,
    async finish(upload, record) {
      const claim = locker.newLock(`${upload.id}.finishing`);
      await claim.lock(new AbortController().signal, () => undefined);
      try {
        return await finishInBucket(deps.storage, datastore, upload, record);
      } finally {
        await claim.unlock();
      }
    },
  };
}

async function finishInBucket<T>(
  storage: Storage,
  datastore: S3UploadStore,
  upload: Upload,
  record: (bytes: CompleteBytes) => Promise<T>,
): Promise<T> {
  // Whoever held the claim before finished or refused it, and forgot the record.
  const stored = await datastore.record(upload.id).catch(() => null);
  if (!stored?.complete || stored.size === null) throw alreadyFinishing();
  const { key, size } = stored;
  // Resumed through another process, the running hash is not here: the object is read back once.
  const sha256 = (await datastore.digestOf(upload.id, size)) ?? (await hashObject(storage, key));
  let adopted = false;
  const inPlace: Storage = {
    put: (prefix, source, maxBytes) => storage.put(prefix, source, maxBytes),
    open: (storageKey) => storage.open(storageKey),
    remove: (storageKey) => storage.remove(storageKey),
    async adopt(prefix) {
      if (!key.startsWith(`${prefix}/`)) throw new Error(`upload ${upload.id} was made for another prefix than ${prefix}`);
      adopted = true;
      return { key, size, sha256 };
    },
  };
  try {
    const result = await record({ head: await datastore.headOf(key, HEAD_BYTES), localPath: key, sha256, storage: inPlace });
    await datastore.forget(upload.id);
    return result;
  } catch (error) {
    // Adopted, the object is order-files' (kept, or queued for removal when refused or failed): the upload is over.
    // Refused before, it goes with the upload; a fault before leaves the upload complete, for the last request again.
    if (adopted) await datastore.forget(upload.id);
    else if (error instanceof TusRefusal) await Promise.all([storage.remove(key), datastore.forget(upload.id)]);
    throw error;
  }
}

async function hashObject(storage: Storage, key: string): Promise<string> {
  const opened = await storage.open(key);
  if (!opened) throw new Error(`the complete upload ${key} is missing from the bucket`);
  const digest = createHash('sha256');
  for await (const chunk of opened.stream) digest.update(chunk as Buffer);
  return digest.digest('hex');
}

async function fileHead(localPath: string): Promise<Buffer> {
  const handle = await open(localPath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
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
