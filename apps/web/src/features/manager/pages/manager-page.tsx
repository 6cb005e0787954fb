import { Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconActivity,
  IconAddressBook,
  IconBuildingFactory2,
  IconBuildingStore,
  IconClipboardList,
  IconDeviceDesktopDown,
  IconDeviceDesktopAnalytics,
  IconFileImport,
  IconFileSearch,
  IconReceipt,
  IconSettings,
  IconShieldCheck,
  IconUserSearch,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';

interface HomeLink {
  to: string;
  /** Key under managerHome.links: `{key}.title` and `{key}.text`. */
  key: string;
  icon: Icon;
}

/**
 * Every view of the manager area (spec manager-dealer §2 "Home: links to all analytics views").
 * The titles differ from the sidebar's labels on purpose: a link found by its name (the browser
 * tests look for 'Concurrent usage') must stay one link on this page.
 */
export const MANAGER_HOME_LINKS: HomeLink[] = [
  { to: '/manager/mills/view', key: 'mills', icon: IconBuildingFactory2 },
  { to: '/manager/mill/orders/view', key: 'millOrders', icon: IconClipboardList },
  { to: '/manager/users/view', key: 'userStats', icon: IconUserSearch },
  { to: '/manager/mill/activity', key: 'activity', icon: IconActivity },
  { to: '/manager/hd/usage/info', key: 'usage', icon: IconDeviceDesktopAnalytics },
  { to: '/manager/dealer', key: 'dealers', icon: IconBuildingStore },
  { to: '/manager/customer', key: 'customers', icon: IconAddressBook },
  { to: '/manager/license/info', key: 'licenceInfo', icon: IconFileSearch },
  { to: '/manager/import/customers', key: 'import', icon: IconFileImport },
  { to: '/manager/import/tickets', key: 'ticketImport', icon: IconFileImport },
  { to: '/manager/user', key: 'users', icon: IconUsers },
  { to: '/manager/plans', key: 'plans', icon: IconReceipt },
  { to: '/manager/policies', key: 'policies', icon: IconShieldCheck },
  { to: '/manager/desktop-app', key: 'desktopApp', icon: IconDeviceDesktopDown },
  { to: '/manager/settings', key: 'settings', icon: IconSettings },
];

/** `/manager` and `/manager/home`. */
export function ManagerPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('manager.title')}>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('managerHome.label')}
      >
        {MANAGER_HOME_LINKS.map((link) => (
          <li key={link.to}>
            <UnstyledButton component={Link} to={link.to} w="100%" h="100%" aria-describedby={`manager-home-${link.key}`}>
              <Paper withBorder p="md" h="100%">
                <Stack gap={6}>
                  <ThemeIcon variant="light" size="lg" aria-hidden>
                    <link.icon size={20} />
                  </ThemeIcon>
                  <Text fw={700}>{t(`managerHome.links.${link.key}.title`)}</Text>
                  <Text size="sm" c="dimmed" id={`manager-home-${link.key}`}>
                    {t(`managerHome.links.${link.key}.text`)}
                  </Text>
                </Stack>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Page>
  );
}
