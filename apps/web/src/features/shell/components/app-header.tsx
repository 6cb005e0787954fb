import { Anchor, Badge, Burger, Group } from '@mantine/core';
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
}

export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const version = useAppVersion();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={props.navOpened} onClick={props.onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleNav')} />
        <Anchor component={Link} to={props.homePath} fw={700} size="lg" underline="never">
          CaseBridge
        </Anchor>
        {version && (
          <Badge variant="light" color="gray" aria-label={t('shell.version', { version })}>
            v{version}
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <MillSelector mills={props.session.mills} selected={props.mill} onSelect={props.onSelectMill} />
        <BlockedMillWarning session={props.session} mill={props.mill} />
        <UsageDonut session={props.session} mill={props.mill} />
        {props.notificationBell}
        <LanguagePicker signedIn />
        <UserMenu session={props.session} onSignOut={props.onSignOut} />
      </Group>
    </Group>
  );
}
