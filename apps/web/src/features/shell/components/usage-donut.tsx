import { Anchor, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { getSubscription } from '@casebridge/shared/contracts/subscriptions';
import { USAGE_DANGER_PERCENT, usagePercentage } from '@casebridge/shared/schemas/billing';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useNewOrdersCount } from '../../../lib/new-orders-counter.ts';
import { millMay } from '../../../lib/session.ts';

const SIZE = 36;
const STROKE = 5;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The usage tab of the contract page, where the numbers behind the donut are. */
const USAGE_PATH = '/mill/contract?tab=usage-details';

/** Spec §4: orders created this period against the plan's maximum, capped at 100 %, danger above 80 %. */
export function UsageDonutChart({ used, limit }: { used: number; limit: number }) {
  const { t } = useTranslation();
  const percent = usagePercentage(used, limit);
  const danger = percent > USAGE_DANGER_PERCENT;
  const color = danger ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-blue-6)';
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={t('contract.donut.label', { used, limit, percent })}
      data-danger={danger}
    >
      <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" stroke="var(--mantine-color-gray-3)" strokeWidth={STROKE} />
      <circle
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        fill="none"
        stroke={color}
        strokeWidth={STROKE}
        strokeDasharray={`${(percent / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
        // The arc starts at twelve o'clock.
        transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
      />
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={10} fontWeight={700} fill={color} aria-hidden>
        {percent}
      </text>
    </svg>
  );
}

/**
 * The header's donut for the selected mill. It reads the same query as the contract page, so a plan
 * change there refreshes it, and reloads when a new order arrives on the live connection.
 */
export function UsageDonut({ session, mill }: { session: Session; mill: MillSummary | null }) {
  const { t } = useTranslation();
  const millId = session.user.role.type === 'mill' ? (mill?.id ?? null) : null;
  // The key is the path, ['mills', millId, 'subscription'], the one the contract page's writes invalidate. Without a mill it waits (0 is never asked).
  const subscription = useQuery({ ...endpointQuery(getSubscription, { params: { millId: millId ?? 0 } }), enabled: millId !== null });
  const newOrders = useNewOrdersCount();
  const { refetch } = subscription;
  useEffect(() => {
    if (newOrders > 0) void refetch();
  }, [newOrders, refetch]);

  if (!mill || !subscription.data) return null;
  const used = subscription.data.millOrderStat.ordersCreated;
  const limit = subscription.data.contractType.maxOrdersCount;
  const chart = <UsageDonutChart used={used} limit={limit} />;
  return (
    <Tooltip label={t('contract.donut.label', { used, limit, percent: usagePercentage(used, limit) })}>
      {/* Only administrators may open the contract page (spec §6); other mill users just see the share. */}
      {millMay(mill, 'subscription.manage') ? (
        <Anchor component={Link} to={USAGE_PATH} display="flex">
          {chart}
        </Anchor>
      ) : (
        <span style={{ display: 'flex' }}>{chart}</span>
      )}
    </Tooltip>
  );
}
