import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadDocument, type UploadHandle } from '../api/uploads.ts';
import { uploadErrorText } from '../../../lib/error-message.ts';
import type { FileUploadState } from './document-drop-zone.tsx';

export interface UploadJob {
  key: string;
  file: File;
  orderId: number;
  componentId: number;
}

const PARALLEL = 2;

/** Runs tus uploads a few at a time and keeps each file's progress and outcome. */
export function useDocumentUploads() {
  const [uploads, setUploads] = useState<Record<string, FileUploadState>>({});
  const handles = useRef(new Map<string, UploadHandle>());

  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const handle of open.values()) handle.abort();
    };
  }, []);

  const update = useCallback((key: string, state: FileUploadState) => setUploads((current) => ({ ...current, [key]: state })), []);

  /** Uploads the jobs; resolves with the keys that failed (empty when all arrived). */
  const run = useCallback(
    async (jobs: UploadJob[]): Promise<string[]> => {
      for (const job of jobs) update(job.key, { progress: 0, sent: 0, total: job.file.size, status: 'pending' });
      const failed: string[] = [];
      const queue = [...jobs];
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const current = job;
          const size = current.file.size;
          update(current.key, { progress: 0, sent: 0, total: size, status: 'uploading' });
          const handle = uploadDocument(current.file, { orderId: current.orderId, componentId: current.componentId }, (sent, total) =>
            update(current.key, { progress: total > 0 ? (sent / total) * 100 : 0, sent, total, status: 'uploading' }),
          );
          handles.current.set(current.key, handle);
          try {
            await handle.done;
            update(current.key, { progress: 100, sent: size, total: size, status: 'done' });
          } catch (error) {
            failed.push(current.key);
            update(current.key, { progress: 0, sent: 0, total: size, status: 'failed', error: uploadErrorText(error) });
          } finally {
            handles.current.delete(current.key);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
      return failed;
    },
    [update],
  );

  const reset = useCallback(() => setUploads({}), []);
  return { uploads, run, reset };
}

/** What all files together have sent, for the overall bar (a file's size stands for it when done). */
export function overallTransfer(
  jobs: { key: string; file: File }[],
  uploads: Record<string, FileUploadState>,
): { sent: number; total: number; done: boolean } {
  const total = jobs.reduce((sum, job) => sum + job.file.size, 0);
  const sentOf = (state: FileUploadState | undefined, size: number) => (state?.status === 'done' ? size : Math.min(size, state?.sent ?? 0));
  const sent = jobs.reduce((sum, job) => sum + sentOf(uploads[job.key], job.file.size), 0);
  return { sent, total, done: jobs.every((job) => uploads[job.key]?.status === 'done') };
}
