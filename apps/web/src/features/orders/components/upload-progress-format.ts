import type { TFunction } from 'i18next';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { isLanguage, languageTag } from '@casebridge/shared/constants/languages';

export interface TransferSample {
  /** Milliseconds on a monotonic clock. */
  at: number;
  sent: number;
}

/** How far back the speed is measured: long enough to smooth chunk bursts, short enough to follow a change. */
export const RATE_WINDOW_MS = 5_000;

/** Bytes per second over the samples of the last window, or null until there is a measurable interval. */
export function transferRate(samples: readonly TransferSample[]): number | null {
  const last = samples.at(-1);
  if (!last) return null;
  const first = samples.find((sample) => last.at - sample.at <= RATE_WINDOW_MS) ?? last;
  const elapsed = last.at - first.at;
  if (elapsed < 250) return null;
  return Math.max(0, ((last.sent - first.sent) * 1000) / elapsed);
}

/** Keeps the samples within the rate window (plus the one just before it, as its start). */
export function addSample(samples: readonly TransferSample[], sample: TransferSample): TransferSample[] {
  const next = [...samples, sample];
  const firstInWindow = next.findIndex((s) => sample.at - s.at <= RATE_WINDOW_MS);
  return next.slice(Math.max(0, firstInWindow - 1));
}

const tagOf = (language: string) => (isLanguage(language) ? languageTag(language) : 'en');

/** A remaining time in the reader's words: seconds under a minute, then minutes, then hours. */
export function formatDuration(seconds: number, language: string): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(tagOf(language), { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  if (seconds < 60) return unit(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

export interface TransferState {
  sent: number;
  total: number;
  /** Bytes per second, null while unknown. */
  rate: number | null;
  done?: boolean;
}

/**
 * "42 % · 12.3 MiB of 29.1 MiB · 4.1 MiB/s · 5 sec left", in the reader's language. The share is
 * rounded down, so 100 % appears only when the last byte is sent; speed and time left appear
 * once measured, and not after the transfer ended.
 */
export function formatTransfer(t: TFunction, language: string, state: TransferState): string {
  const share = state.total > 0 ? Math.min(1, state.sent / state.total) : state.done ? 1 : 0;
  const percent = new Intl.NumberFormat(tagOf(language), { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.floor(share * 100) / 100,
  );
  const parts = [percent, t('orders.progress.amount', { sent: formatBytes(state.sent), total: formatBytes(state.total) })];
  const moving = !state.done && state.rate !== null && state.sent < state.total;
  if (moving && state.rate! > 0) {
    parts.push(t('orders.progress.speed', { speed: formatBytes(Math.round(state.rate!)) }));
    parts.push(t('orders.progress.left', { time: formatDuration((state.total - state.sent) / state.rate!, language) }));
  }
  return parts.join(' · ');
}
