import { Anchor, Badge, Burger, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { LanguagePicker } from '../../../components/language-picker.tsx';
import { useAppVersion } from '../api/shell-api.ts';
import { BlockedMillWarning } from './blocked-mill-warning.tsx';
import { MillSelector } from './mill-selector.tsx';
import { UsageDonut } from './usage-donut.tsx';
import { UserMenu } from './user-menu.tsx';

/** The sidebar's id, which the menu button names as the region it opens and closes. */
export const SIDEBAR_ID = 'app-sidebar';

export interface AppHeaderProps {
  session: Session;
  mill: MillSummary | null;
  onSelectMill: (millId: number) => void;
  onSignOut: () => void;
  navOpened: boolean;
  onToggleNav: () => void;
  /** The notification bell comes from the notifications feature, composed in by the app. */
  notificationBell: ReactNode;
  homePath: string;
  /** A phone: the mill selector, language picker and version move to the sidebar (ShellExtras). */
  compact: boolean;
}

/** Only a version the server gave is shown; the badge keeps its width so it never shows as an empty pill. */
function VersionBadge() {
  const { t } = useTranslation();
  const version = useAppVersion();
  if (!version) return null;
  return (
    <Badge variant="light" color="gray" aria-label={t('shell.version', { version })} style={{ flexShrink: 0 }}>
      v{version}
    </Badge>
  );
}

export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const { compact } = props;
  return (
    <Group h="100%" px={compact ? 'xs' : 'md'} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {compact && (
          <Burger
            opened={props.navOpened}
            onClick={props.onToggleNav}
            size="sm"
            aria-label={t('shell.toggleNav')}
            aria-expanded={props.navOpened}
            aria-controls={SIDEBAR_ID}
          />
        )}
        <Anchor component={Link} to={props.homePath} fw={700} size={compact ? 'md' : 'lg'} underline="never" truncate>
          CaseBridge
        </Anchor>
        {!compact && <VersionBadge />}
      </Group>
      {/* These never shrink: every one of them stays whole and within the width. */}
      <Group gap={compact ? 6 : 'sm'} wrap="nowrap" style={{ flexShrink: 0 }}>
        {!compact && <MillSelector mills={props.session.mills} selected={props.mill} onSelect={props.onSelectMill} />}
        <BlockedMillWarning session={props.session} mill={props.mill} />
        <UsageDonut session={props.session} mill={props.mill} />
        {props.notificationBell}
        {!compact && <LanguagePicker signedIn />}
        <UserMenu session={props.session} onSignOut={props.onSignOut} />
      </Group>
    </Group>
  );
}

/** On a phone the header has no room for these, so they head the sidebar behind the menu button. */
export function ShellExtras({ session, mill, onSelectMill }: Pick<AppHeaderProps, 'session' | 'mill' | 'onSelectMill'>) {
  return (
    <Stack gap="sm" pb="sm" mb="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <MillSelector mills={session.mills} selected={mill} onSelect={onSelectMill} width="100%" />
      <LanguagePicker signedIn width="100%" />
      <Group>
        <VersionBadge />
      </Group>
    </Stack>
  );
}
