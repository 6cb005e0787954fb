import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MillDaily, OrdersPerDay, StoragePerMill } from '@casebridge/shared/schemas/analytics';
import { formatDate } from '../../../lib/format.ts';
import { formatStorage } from './analytics-parts.tsx';

/*
 * Plain SVG like the usage view's concurrency chart: no chart library to load for three pictures.
 * Each picture says its gist in words too (accessible name and caption), so nothing depends on sight.
 */

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 10, right: 36, bottom: 22, left: 36 };
const PALETTE = ['blue', 'teal', 'orange', 'grape', 'red', 'cyan', 'lime', 'pink', 'indigo', 'yellow'].map(
  (name) => `var(--mantine-color-${name}-6)`,
);
const REST_COLOUR = 'var(--mantine-color-gray-5)';

function Legend({ items }: { items: { label: string; colour: string }[] }) {
  return (
    <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Group key={item.label} gap={4} component="li" wrap="nowrap">
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: item.colour, display: 'inline-block' }} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

function ChartCard({
  title,
  summary,
  children,
  legend,
}: {
  title: string;
  summary: string;
  children: React.ReactNode;
  legend?: React.ReactNode;
}) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <figure style={{ margin: 0 }}>
          {children}
          <Text component="figcaption" size="sm" c="dimmed">
            {summary}
          </Text>
        </figure>
        {legend}
      </Stack>
    </Paper>
  );
}

function DayAxis({ days }: { days: string[] }) {
  if (days.length === 0) return null;
  return (
    <>
      <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill="var(--mantine-color-dimmed)">
        {formatDate(days[0]!)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
        {formatDate(days.at(-1)!)}
      </text>
    </>
  );
}

/** Orders per day as stacked bars: the ten busiest mills in colour, the rest in grey. */
export function OrdersPerDayChart({ data }: { data: OrdersPerDay }) {
  const { t } = useTranslation();
  const series = [
    ...data.mills.map((mill, index) => ({
      label: `${mill.millId} - ${mill.name}`,
      colour: PALETTE[index % PALETTE.length]!,
      perDay: mill.perDay,
    })),
    ...(data.rest.mills > 0
      ? [{ label: t('analytics.chart.rest', { count: data.rest.mills }), colour: REST_COLOUR, perDay: data.rest.perDay }]
      : []),
  ];
  const dayTotals = data.days.map((_, day) => series.reduce((sum, entry) => sum + (entry.perDay[day] ?? 0), 0));
  const total = dayTotals.reduce((sum, n) => sum + n, 0);
  const max = Math.max(1, ...dayTotals);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, data.days.length);
  const scale = (value: number) => (value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const busiest = data.mills[0];
  const summary =
    total === 0
      ? t('analytics.chart.noOrders')
      : t('analytics.chart.ordersSummary', {
          total,
          from: formatDate(data.from),
          to: formatDate(data.to),
          mill: busiest ? `${busiest.millId} - ${busiest.name}` : '-',
          count: busiest?.total ?? 0,
        });
  return (
    <ChartCard title={t('analytics.chart.ordersPerDay')} summary={summary} legend={<Legend items={series} />}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`${t('analytics.chart.ordersPerDay')}: ${summary}`}
        style={{ maxHeight: 220 }}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="var(--mantine-color-gray-4)" />
        <text x={PAD.left - 6} y={PAD.top} textAnchor="end" dominantBaseline="central" fontSize={11} fill="var(--mantine-color-dimmed)">
          {max}
        </text>
        {data.days.map((day, index) => {
          let base = HEIGHT - PAD.bottom;
          return (
            <g key={day}>
              {series.map((entry) => {
                const height = scale(entry.perDay[index] ?? 0);
                base -= height;
                return height > 0 ? (
                  <rect
                    key={entry.label}
                    x={PAD.left + index * slot + slot * 0.1}
                    width={slot * 0.8}
                    y={base}
                    height={height}
                    fill={entry.colour}
                  />
                ) : null;
              })}
            </g>
          );
        })}
        <DayAxis days={data.days} />
      </svg>
    </ChartCard>
  );
}

/**
 * Storage per mill as horizontal bars, largest first, each size in its own unit. HTML rather than SVG: the mill names
 * then wrap and keep their size on a 360 px phone instead of shrinking with the picture.
 */
export function StorageChart({ data }: { data: StoragePerMill }) {
  const { t, i18n } = useTranslation();
  const bars = [
    ...data.mills.map((mill, index) => ({
      label: `${mill.millId} - ${mill.name}`,
      bytes: mill.bytes,
      colour: PALETTE[index % PALETTE.length]!,
    })),
    ...(data.rest.mills > 0
      ? [{ label: t('analytics.chart.rest', { count: data.rest.mills }), bytes: data.rest.bytes, colour: REST_COLOUR }]
      : []),
  ];
  const max = Math.max(1, ...bars.map((bar) => bar.bytes));
  const summary = t('analytics.chart.storageSummary', { total: formatStorage(data.totalBytes, i18n.language) });
  return (
    <ChartCard title={t('analytics.chart.storage')} summary={summary}>
      <Stack gap={6} role="img" aria-label={`${t('analytics.chart.storage')}: ${summary}`}>
        {bars.map((bar) => (
          <Group key={bar.label} gap="xs" wrap="nowrap" align="center">
            <Text size="xs" w="40%" style={{ overflowWrap: 'anywhere' }}>
              {bar.label}
            </Text>
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ width: `${Math.max(0.5, (bar.bytes / max) * 100)}%`, height: 12, background: bar.colour, borderRadius: 2 }} />
            </div>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatStorage(bar.bytes, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </ChartCard>
  );
}

/**
 * A mill's orders per day (bars, left scale) beside the most machines using its licence keys at
 * once that day (line, right scale): a growing customer shows both rising, a fading one both falling.
 */
export function MillDailyChart({ data }: { data: MillDaily }) {
  const { t } = useTranslation();
  const days = data.days.map((day) => day.day);
  const maxOrders = Math.max(1, ...data.days.map((day) => day.orders));
  const maxUsers = Math.max(1, ...data.days.map((day) => day.maxConcurrentUsers));
  const inner = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, days.length);
  const orders = data.days.reduce((sum, day) => sum + day.orders, 0);
  const peakUsers = data.days.reduce((peak, day) => Math.max(peak, day.maxConcurrentUsers), 0);
  const usage = data.keysReporting > 0 ? t('analytics.chart.peakUsers', { count: peakUsers }) : t('analytics.chart.noUsageData');
  const summary = `${t('analytics.chart.millOrders', { count: orders, from: formatDate(data.from), to: formatDate(data.to) })} ${usage}`;
  const points = data.days
    .map(
      (day, index) =>
        `${(PAD.left + index * slot + slot / 2).toFixed(1)},${(PAD.top + (1 - day.maxConcurrentUsers / maxUsers) * inner).toFixed(1)}`,
    )
    .join(' ');
  const title = t('analytics.chart.millDaily', { mill: `${data.millId} - ${data.name}` });
  return (
    <ChartCard
      title={title}
      summary={summary}
      legend={
        <Legend
          items={[
            { label: t('analytics.chart.ordersLegend'), colour: PALETTE[0]! },
            { label: t('analytics.chart.usersLegend'), colour: PALETTE[2]! },
          ]}
        />
      }
    >
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`${title}: ${summary}`} style={{ maxHeight: 220 }}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="var(--mantine-color-gray-4)" />
        <text x={PAD.left - 6} y={PAD.top} textAnchor="end" dominantBaseline="central" fontSize={11} fill={PALETTE[0]}>
          {maxOrders}
        </text>
        {data.keysReporting > 0 && (
          <text x={WIDTH - PAD.right + 6} y={PAD.top} dominantBaseline="central" fontSize={11} fill={PALETTE[2]}>
            {maxUsers}
          </text>
        )}
        {data.days.map((day, index) => {
          const height = (day.orders / maxOrders) * inner;
          return height > 0 ? (
            <rect
              key={day.day}
              x={PAD.left + index * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - PAD.bottom - height}
              height={height}
              fill={PALETTE[0]}
              opacity={0.75}
            />
          ) : null;
        })}
        {data.keysReporting > 0 && data.days.length > 0 && <polyline points={points} fill="none" stroke={PALETTE[2]} strokeWidth={2} />}
        <DayAxis days={days} />
      </svg>
    </ChartCard>
  );
}
