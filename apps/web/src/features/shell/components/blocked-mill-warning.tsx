import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';

/** Spec §9: the blocked icon's tooltip opens after 250 ms and closes after 400 ms. */
export const BLOCKED_TOOLTIP_OPEN_DELAY_MS = 250;
export const BLOCKED_TOOLTIP_CLOSE_DELAY_MS = 400;

/** Mill staff see why their mill is blocked; its clients see the message meant for them. */
export function blockedMillText(session: Session, mill: MillSummary): string | null {
  return session.user.role.type === 'mill' ? mill.blockReason : mill.blockedMillClientMessage;
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
      maw={320}
      events={{ hover: true, focus: true, touch: true }}
    >
      <ThemeIcon color="red" variant="light" className="cb-blink" tabIndex={0} role="img" aria-label={t('shell.millBlocked')}>
        <IconAlertTriangle size={18} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
