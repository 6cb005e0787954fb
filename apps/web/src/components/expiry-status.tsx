import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';

/*
 * Shared by the ticket desk (features/tickets) and the mill's licence keys tab
 * (features/licence-keys): features may not import each other, so a ticket's expiry lives here.
 */

/** Tickets this close to their expiry (or closer) carry a warning icon on the desk. */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * A ticket's date as DD.MM.YYYY in UTC (spec §2, §9). The server sends calendar days; reading
 * them through `new Date` would shift them by a day west of Greenwich, so the text is split.
 */
export function formatUtcDate(value: string | null): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * Spec §2 expiry in days: dashes without an expiry, EXPIRED once expired, else the days left.
 * `size` makes it a second line under the expiry date (the ticket desk); by default it fills a cell.
 */
export function ExpiryStatus({ ticket, size }: { ticket: Pick<DealerTicket, 'status' | 'expiryInDays'>; size?: 'xs' }) {
  const { t } = useTranslation();
  if (ticket.status === 'unlimited' || ticket.expiryInDays === null) {
    // A screen reader would read the dashes as nothing useful: it hears "No expiry" instead.
    return (
      <Text span size={size}>
        <span aria-hidden>——</span>
        <VisuallyHidden>{t('ticketDesk.expiry.unlimited')}</VisuallyHidden>
      </Text>
    );
  }
  if (ticket.status === 'expired') {
    return (
      // Never cut to "EX…" in a narrow column: the badge keeps its whole word.
      <Badge
        color="red"
        variant="filled"
        size={size}
        styles={{ root: { overflow: 'visible', maxWidth: 'none' }, label: { overflow: 'visible' } }}
      >
        {t('ticketDesk.expiry.expired')}
      </Badge>
    );
  }
  const days = Math.max(0, ticket.expiryInDays);
  const soon = days <= EXPIRY_WARNING_DAYS;
  return (
    <Group gap={4} wrap="nowrap">
      {soon && (
        <IconAlertTriangle
          size={size ? 14 : 16}
          color="var(--mantine-color-orange-6)"
          role="img"
          aria-label={t('ticketDesk.expiry.soon')}
        />
      )}
      <Text span size={size} c={soon ? 'orange.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {t('ticketDesk.expiry.daysLeft', { count: days })}
      </Text>
    </Group>
  );
}
