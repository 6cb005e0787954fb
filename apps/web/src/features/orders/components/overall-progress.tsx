import { useTranslation } from 'react-i18next';
import type { FileUploadState } from './document-drop-zone.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { overallTransfer } from './use-document-uploads.ts';

/** The new order's one bar for all its files: what they have sent together, at what speed. */
export function OverallProgress({ jobs, uploads }: { jobs: { key: string; file: File }[]; uploads: Record<string, FileUploadState> }) {
  const { t } = useTranslation();
  const { sent, total, done } = overallTransfer(jobs, uploads);
  return <UploadProgress label={t('orders.overallProgress')} sent={sent} total={total} status={done ? 'done' : 'uploading'} />;
}
