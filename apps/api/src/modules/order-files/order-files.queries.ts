import type { Db } from '../../db/client.ts';
import { filesByUploader } from './order-files.repository.ts';

/** The order-files module's read-only queries for the modules above it (ADR 0016). */

/** Names, sizes and hashes of the files a user uploaded (not their bytes): the data export. */
export async function filesUploadedBy(db: Db, userId: number) {
  return filesByUploader(db, userId);
}
