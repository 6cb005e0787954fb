import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconHistory, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Session } from '@casebridge/shared/schemas/auth';

export interface AccountLinks {
  profile: string | null;
  settings: string | null;
  companyInfo: string | null;
  /** The lab's audit trail, beside its company (the rule book's `audit.readLab`). */
  audit: string | null;
}

/** The user's own pages differ by workspace; lab users also reach their company from here. */
export function accountLinksFor(session: Session): AccountLinks {
  if (session.user.role.type === 'lab') {
    return {
      profile: '/lab/account?tab=profile',
      settings: '/lab/account?tab=settings',
      companyInfo: '/lab/account?tab=company-info',
      audit: session.actions.includes('audit.readLab') ? '/lab/audit' : null,
    };
  }
  if (session.user.role.type === 'mill') {
    return { profile: '/mill/account?tab=profile', settings: '/mill/account?tab=settings', companyInfo: null, audit: null };
  }
  // Manager and dealer account pages belong to the second specification.
  return { profile: null, settings: null, companyInfo: null, audit: null };
}

export function UserMenu({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t } = useTranslation();
  const links = accountLinksFor(session);
  const { user } = session;
  const fullName = `${user.firstName} ${user.lastName}`;
  // Spec manager-dealer §2: the manager's header shows the first and last name, not initials only.
  const showName = user.role.type === 'manager';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.userMenu')}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.avatar?.url} radius="xl" alt="">
              {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
            </Avatar>
            {showName && (
              <Text size="sm" fw={500} truncate maw={{ base: 110, sm: 220 }}>
                {fullName}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{fullName}</Menu.Label>
        {links.profile && (
          <Menu.Item component={Link} to={links.profile} leftSection={<IconUser size={16} aria-hidden />}>
            {t('shell.profile')}
          </Menu.Item>
        )}
        {links.settings && (
          <Menu.Item component={Link} to={links.settings} leftSection={<IconSettings size={16} aria-hidden />}>
            {t('shell.settings')}
          </Menu.Item>
        )}
        {links.companyInfo && (
          <Menu.Item component={Link} to={links.companyInfo} leftSection={<IconBuilding size={16} aria-hidden />}>
            {t('shell.companyInfo')}
          </Menu.Item>
        )}
        {links.audit && (
          <Menu.Item component={Link} to={links.audit} leftSection={<IconHistory size={16} aria-hidden />}>
            {t('nav.audit')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
