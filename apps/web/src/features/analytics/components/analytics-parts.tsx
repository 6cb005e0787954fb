import { Alert, Button, Group } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageTag } from '@casebridge/shared/constants/languages';
import { downloadCsv, toCsv } from '../../../lib/csv.ts';
import { describeError } from '../../../lib/error-message.ts';

type Cell = string | number | boolean | null;

/** A table's CSV export: the visible page as the reader sees it, named after the view and the day. */
export function ExportCsvButton({ name, header, rows }: { name: string; header: string[]; rows: Cell[][] }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(`${name}-${isoDay(new Date())}.csv`, toCsv(header, rows))}
    >
      {t('analytics.exportCsv')}
    </Button>
  );
}

/**
 * A failed load. The spec (§8) only logged it and stopped the spinner, which left the manager
 * looking at an empty page; we say what went wrong and offer to ask again.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('analytics.loadFailed')} role="alert">
      <Group justify="space-between" gap="xs">
        <span>{describeError(t, error)}</span>
        <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          {t('analytics.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export const DAY_MS = 86_400_000;
/** Days are UTC on the server (analytics schema), so the pickers use UTC days too. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Bytes to MB and MB to GB with decimal units (spec: GB = MB ÷ 1000). */
export const toMb = (bytes: number) => bytes / 1_000_000;
export const formatMb = (bytes: number) => toMb(bytes).toFixed(2);
export const formatGb = (bytes: number) => (toMb(bytes) / 1000).toFixed(3);

const STORAGE_UNITS = [
  { unit: 'gigabyte', bytes: 1e9, digits: 3 },
  { unit: 'megabyte', bytes: 1e6, digits: 2 },
  { unit: 'kilobyte', bytes: 1e3, digits: 1 },
] as const;

/**
 * A stored size in the largest decimal unit it reaches (KB, MB or GB, as the language writes them:
 * "Go" in French), so a mill with a few drawings does not read "0.000 GB". Under a kilobyte, bytes
 * written out, as the short form is "0 byte" in English; the long one has the plural ("0 bytes",
 * "1 byte", "5 bajtów"). The spec's `sp` is `es` to Intl, which knows no `sp`.
 */
export function formatStorage(bytes: number, language: string): string {
  const tag = isLanguage(language) ? languageTag(language) : language;
  const step = STORAGE_UNITS.find((candidate) => bytes >= candidate.bytes);
  if (!step) return new Intl.NumberFormat(tag, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  return new Intl.NumberFormat(tag, { style: 'unit', unit: step.unit, unitDisplay: 'short', maximumFractionDigits: step.digits }).format(
    bytes / step.bytes,
  );
}
