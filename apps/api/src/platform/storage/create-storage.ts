import path from 'node:path';
import type { Config } from '../../config.ts';
import { S3Storage, s3ClientOf } from './s3-storage.ts';
import { LocalStorage, type Storage } from './storage.ts';

/** The one place that chooses where stored files live: the bucket of STORAGE_URL, else DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (!config.s3) return new LocalStorage(path.join(config.dataDir, 'files'));
  return new S3Storage(s3ClientOf(config.s3), config.s3.bucket, config.s3.prefix, config.s3.downloadUrlSeconds);
}
