import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '../../../components/labelled-progress.tsx';
import { addSample, formatTransfer, transferRate, type TransferSample } from './upload-progress-format.ts';

/** The speed of a transfer, measured from the moments its sent count changed. */
function useTransferRate(sent: number): number | null {
  const [samples, setSamples] = useState<TransferSample[]>([]);
  useEffect(() => {
    // A count going back (a retried or restarted file) starts the measurement afresh.
    setSamples((current) => addSample(sent < (current.at(-1)?.sent ?? 0) ? [] : current, { at: Date.now(), sent }));
  }, [sent]);
  return transferRate(samples);
}

export interface UploadProgressProps {
  /** The bar's accessible name. */
  label: string;
  sent: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
}

/** An upload's bar with what it has done and what is left: share, amount, speed and time left. */
export function UploadProgress({ label, sent, total, status }: UploadProgressProps) {
  const { t, i18n } = useTranslation();
  const rate = useTransferRate(sent);
  const done = status === 'done';
  const value = done ? 100 : total > 0 ? (sent / total) * 100 : 0;
  return (
    <Stack gap={2}>
      <LabelledProgress label={label} value={value} color={status === 'failed' ? 'red' : undefined} />
      {status !== 'failed' && (
        <Text size="xs" c="dimmed" data-testid="upload-progress-detail">
          {formatTransfer(t, i18n.language, { sent: done ? total : sent, total, rate, done })}
        </Text>
      )}
    </Stack>
  );
}
