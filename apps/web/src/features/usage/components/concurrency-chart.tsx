import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import type { UsageHour } from '../api/usage-api.ts';

const WIDTH = 720;
const HEIGHT = 160;
const PAD = { top: 10, right: 10, bottom: 22, left: 34 };

/** Every hour of the range, with 0 where no key reported (the API only returns hours with pings). */
export function hourlySeries(hours: UsageHour[], from: Date, to: Date): UsageHour[] {
  const byHour = new Map(hours.map((hour) => [new Date(hour.hour).getTime(), hour.concurrent]));
  const series: UsageHour[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += 3_600_000)
    series.push({ hour: new Date(at).toISOString(), concurrent: byHour.get(at) ?? 0 });
  return series;
}

/**
 * Concurrent use per hour as a line: a picture where people would rather look than read. The
 * peak is also said in words (the accessible name and the caption), so nothing depends on sight.
 */
export function ConcurrencyChart({ series, label }: { series: UsageHour[]; label: string }) {
  const { t } = useTranslation();
  const peak = series.reduce<UsageHour | null>((best, hour) => (!best || hour.concurrent > best.concurrent ? hour : best), null);
  const max = Math.max(1, peak?.concurrent ?? 0);
  const x = (index: number) => PAD.left + (index / Math.max(1, series.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const points = series.map((hour, index) => `${x(index).toFixed(1)},${y(hour.concurrent).toFixed(1)}`).join(' ');
  const summary =
    peak && peak.concurrent > 0 ? t('usage.chartPeak', { count: peak.concurrent, at: formatDateTime(peak.hour) }) : t('usage.chartEmpty');
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`${label}: ${summary}`} style={{ maxHeight: 200 }}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--mantine-color-gray-4)" />
        <text x={PAD.left - 6} y={y(max)} textAnchor="end" dominantBaseline="central" fontSize={11} fill="var(--mantine-color-dimmed)">
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0)} textAnchor="end" dominantBaseline="central" fontSize={11} fill="var(--mantine-color-dimmed)">
          0
        </text>
        {series.length > 0 && <polyline points={points} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} />}
        {series.length > 0 && (
          <>
            <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill="var(--mantine-color-dimmed)">
              {formatDateTime(series[0]!.hour)}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
              {formatDateTime(series.at(-1)!.hour)}
            </text>
          </>
        )}
      </svg>
      <Text component="figcaption" size="sm" c="dimmed">{`${label}: ${summary}`}</Text>
    </figure>
  );
}
