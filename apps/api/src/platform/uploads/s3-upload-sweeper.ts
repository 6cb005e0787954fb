import { AbortMultipartUploadCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Aborts the multipart uploads under `prefix` begun before `initiatedBefore`: the parts of uploads
 * whose record is gone or never held their id (a process killed between creating the multipart
 * upload and saving the record). Their parts are invisible but stored, and paid for, until aborted.
 * The bucket's lifecycle rule (docs/deployment.md) does the same later, as a second net.
 */
export async function abortAbandonedParts(client: S3Client, bucket: string, prefix: string, initiatedBefore: Date): Promise<number> {
  let aborted = 0;
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker, UploadIdMarker }));
    for (const upload of page.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= initiatedBefore) continue;
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
      aborted += 1;
    }
    [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
  } while (KeyMarker);
  return aborted;
}
