import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { blockedMillText } from '../../../lib/blocked-mill.ts';

/** Spec §9: the blocked icon's tooltip opens after 250 ms and closes after 400 ms. */
export const BLOCKED_TOOLTIP_OPEN_DELAY_MS = 250;
export const BLOCKED_TOOLTIP_CLOSE_DELAY_MS = 400;

export function BlockedMillWarning({ session, mill }: { session: Session; mill: MillSummary | null }) {
  const { t } = useTranslation();
  if (!mill?.blocked) return null;
  const text = blockedMillText(t, session.user.role.type, mill);
  return (
    <Tooltip
      label={text}
      openDelay={BLOCKED_TOOLTIP_OPEN_DELAY_MS}
      closeDelay={BLOCKED_TOOLTIP_CLOSE_DELAY_MS}
      multiline
      maw="min(320px, calc(100vw - 16px))"
      // Below the icon: above it, the tooltip was cut off by the top of the window (defect 3).
      position="bottom"
      withArrow
      withinPortal
      events={{ hover: true, focus: true, touch: true }}
    >
      <ThemeIcon color="red" variant="light" className="cb-blink" tabIndex={0} role="img" aria-label={text}>
        <IconAlertTriangle size={18} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
