import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';

const COLORS: Record<ComponentStatus, string> = { Open: 'blue', Downloaded: 'teal', Closed: 'gray' };

export function StatusBadge({ status }: { status: ComponentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
