import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';

/** Spec §9: the blocked icon's tooltip opens after 250 ms and closes after 400 ms. */
export const BLOCKED_TOOLTIP_OPEN_DELAY_MS = 250;
export const BLOCKED_TOOLTIP_CLOSE_DELAY_MS = 400;

/**
 * Mill staff see why their mill is blocked; its clients see the message meant for them. The
 * server sends a client an empty message when the mill wrote none (defect 3: an empty tooltip),
 * so a blank text counts as none.
 */
export function blockedMillText(session: Session, mill: MillSummary): string | null {
  const text = session.user.role.type === 'mill' ? mill.blockReason : mill.blockedMillClientMessage;
  return text?.trim() || null;
}

export function BlockedMillWarning({ session, mill }: { session: Session; mill: MillSummary | null }) {
  const { t } = useTranslation();
  if (!mill?.blocked) return null;
  const text = blockedMillText(session, mill) ?? t('shell.millBlocked');
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
