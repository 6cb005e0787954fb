import { NavLink, Stack } from '@mantine/core';
import {
  IconClipboardList,
  IconFileCertificate,
  IconHeadset,
  IconLayoutDashboard,
  IconMessages,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';

export interface NavEntry {
  to: string;
  labelKey: string;
  icon: Icon;
}

/** Spec §2 sidebar: mill admins get two entries more than mill users; labs get three entries. */
export function navEntriesFor(session: Session, mill: MillSummary | null): NavEntry[] {
  switch (session.user.role.type) {
    case 'mill': {
      const entries: NavEntry[] = [
        { to: '/mills/projects', labelKey: 'nav.orders', icon: IconClipboardList },
        { to: '/mills/clients', labelKey: 'nav.clients', icon: IconUsers },
        { to: '/mills/messages', labelKey: 'nav.messages', icon: IconMessages },
      ];
      if (mill?.millRole === 'admin') {
        entries.push(
          { to: '/mill/settings', labelKey: 'nav.settings', icon: IconSettings },
          { to: '/mill/contract', labelKey: 'nav.contract', icon: IconFileCertificate },
        );
      }
      return entries;
    }
    case 'lab':
      return [
        { to: '/lab/projects', labelKey: 'nav.orders', icon: IconClipboardList },
        { to: '/lab/messages', labelKey: 'nav.messages', icon: IconMessages },
        { to: '/lab/support', labelKey: 'nav.support', icon: IconHeadset },
      ];
    case 'manager':
      return [{ to: '/manager', labelKey: 'nav.dashboard', icon: IconLayoutDashboard }];
    case 'dealer':
      return [{ to: '/dealer', labelKey: 'nav.dashboard', icon: IconLayoutDashboard }];
    default:
      return [];
  }
}

export function SidebarNav({ session, mill, onNavigate }: { session: Session; mill: MillSummary | null; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label={t('nav.label')}>
      {navEntriesFor(session, mill).map((entry) => {
        const active = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
        return (
          <NavLink
            key={entry.to}
            component={Link}
            to={entry.to}
            label={t(entry.labelKey)}
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
