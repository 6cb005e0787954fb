import { Badge, NavLink, Stack } from '@mantine/core';
import {
  IconActivity,
  IconAddressBook,
  IconBuildingFactory2,
  IconBuildingStore,
  IconClipboardList,
  IconCode,
  IconDeviceDesktopDown,
  IconDeviceDesktopAnalytics,
  IconFileCertificate,
  IconFileImport,
  IconFileSearch,
  IconHeadset,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMessages,
  IconReceipt,
  IconSettings,
  IconShieldCheck,
  IconTicket,
  IconUserSearch,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { useNewOrdersCount } from '../../../lib/new-orders-counter.ts';
import { millMay } from '../../../lib/session.ts';

export interface NavEntry {
  to: string;
  labelKey: string;
  icon: Icon;
}

/**
 * Spec §2 sidebar: mill users get the mill home and further entries, admins two more (as the selected
 * mill's actions say); labs get three entries.
 */
export function navEntriesFor(session: Session, mill: MillSummary | null): NavEntry[] {
  switch (session.user.role.type) {
    case 'mill': {
      const entries: NavEntry[] = [
        { to: '/mill/welcome', labelKey: 'nav.millHome', icon: IconHome },
        { to: '/mills/projects', labelKey: 'nav.orders', icon: IconClipboardList },
        { to: '/mills/clients', labelKey: 'nav.clients', icon: IconUsers },
        { to: '/mills/messages', labelKey: 'nav.messages', icon: IconMessages },
        { to: '/mill/support', labelKey: 'nav.support', icon: IconHeadset },
      ];
      if (millMay(mill, 'mill.update')) entries.push({ to: '/mill/settings', labelKey: 'nav.settings', icon: IconSettings });
      if (millMay(mill, 'subscription.manage')) entries.push({ to: '/mill/contract', labelKey: 'nav.contract', icon: IconFileCertificate });
      if (millMay(mill, 'audit.readMill')) entries.push({ to: '/mill/audit', labelKey: 'nav.audit', icon: IconHistory });
      return entries;
    }
    case 'lab':
      return [
        { to: '/lab/projects', labelKey: 'nav.orders', icon: IconClipboardList },
        { to: '/lab/messages', labelKey: 'nav.messages', icon: IconMessages },
        { to: '/lab/support', labelKey: 'nav.support', icon: IconHeadset },
      ];
    case 'manager':
      return [
        { to: '/manager', labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
        { to: '/manager/mills/view', labelKey: 'nav.millsOverview', icon: IconBuildingFactory2 },
        { to: '/manager/mill/orders/view', labelKey: 'nav.millOrders', icon: IconClipboardList },
        { to: '/manager/users/view', labelKey: 'nav.userStats', icon: IconUserSearch },
        { to: '/manager/mill/activity', labelKey: 'nav.activity', icon: IconActivity },
        { to: '/manager/policies', labelKey: 'nav.policies', icon: IconShieldCheck },
        { to: '/manager/desktop-app', labelKey: 'nav.desktopApp', icon: IconDeviceDesktopDown },
        { to: '/manager/hd/usage/info', labelKey: 'nav.concurrentUsage', icon: IconDeviceDesktopAnalytics },
        { to: '/manager/plans', labelKey: 'nav.plans', icon: IconReceipt },
        { to: '/manager/dealer', labelKey: 'dealers.nav.dealers', icon: IconBuildingStore },
        { to: '/manager/dealer/config-test', labelKey: 'dealerConfig.nav', icon: IconCode },
        { to: '/manager/customer', labelKey: 'dealers.nav.customers', icon: IconAddressBook },
        { to: '/manager/tickets', labelKey: 'ticketDesk.nav', icon: IconTicket },
        { to: '/manager/license/info', labelKey: 'licenceInfo.nav', icon: IconFileSearch },
        { to: '/manager/import/customers', labelKey: 'customerImport.nav', icon: IconFileImport },
        { to: '/manager/import/tickets', labelKey: 'ticketImport.nav', icon: IconFileImport },
        { to: '/manager/user', labelKey: 'dealers.nav.users', icon: IconUsers },
        { to: '/manager/settings', labelKey: 'nav.managerSettings', icon: IconSettings },
        ...(session.actions.includes('audit.readAll') ? [{ to: '/manager/audit', labelKey: 'nav.audit', icon: IconHistory }] : []),
      ];
    case 'dealer':
      // Spec §2 dealer sidebar, as the session's actions say: the config test where the dealer may use own
      // configurations (`dealerConfig.edit`, its root's permission included), users for dealer managers.
      return [
        { to: '/dealer', labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
        { to: '/dealer/information', labelKey: 'dealers.nav.information', icon: IconBuildingStore },
        { to: '/dealer/tickets', labelKey: 'ticketDesk.nav', icon: IconTicket },
        ...(session.actions.includes('dealerConfig.edit')
          ? [{ to: '/dealer/config/result', labelKey: 'dealerConfig.nav', icon: IconCode }]
          : []),
        { to: '/customer/information', labelKey: 'dealers.nav.customers', icon: IconAddressBook },
        { to: '/dealer/license/info', labelKey: 'licenceInfo.nav', icon: IconFileSearch },
        ...(session.actions.includes('dealerUsers.list') ? [{ to: '/dealer/users', labelKey: 'dealers.nav.users', icon: IconUsers }] : []),
        { to: '/dealer/settings', labelKey: 'dealers.nav.settings', icon: IconSettings },
        ...(session.actions.includes('audit.readDealer') ? [{ to: '/dealer/audit', labelKey: 'nav.audit', icon: IconHistory }] : []),
      ];
    default:
      return [];
  }
}

export function SidebarNav({ session, mill, onNavigate }: { session: Session; mill: MillSummary | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const newOrders = useNewOrdersCount();
  const entries = navEntriesFor(session, mill);
  // The most specific entry wins: /manager/policies is not also the /manager dashboard.
  const matches = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const activeTo = entries.filter((entry) => matches(entry.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return (
    <Stack gap={2} component="nav" aria-label={t('nav.label')}>
      {entries.map((entry) => {
        const active = entry.to === activeTo;
        const badge = entry.to === '/mills/projects' && newOrders > 0 ? newOrders : 0;
        return (
          <NavLink
            key={entry.to}
            component={Link}
            to={entry.to}
            label={t(entry.labelKey)}
            rightSection={
              badge > 0 ? (
                <Badge size="sm" color="red" aria-label={t('orders.newOrdersArrived', { count: badge })}>
                  {badge}
                </Badge>
              ) : undefined
            }
            leftSection={<entry.icon size={18} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
