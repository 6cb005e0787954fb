import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { Loading } from '../components/loading.tsx';
import { UnsavedChangesBlocker } from '../components/unsaved-changes-blocker.tsx';
import { usePhoneLayout } from '../components/use-phone-layout.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { useLiveEvents } from '../features/notifications/live/use-live-events.ts';
import { AppHeader, ShellExtras, SIDEBAR_ID } from '../features/shell/components/app-header.tsx';
import { MillSelectionDialog } from '../features/shell/components/mill-selection-dialog.tsx';
import { PolicyConsentDialog } from '../features/shell/components/policy-consent-dialog.tsx';
import { SidebarNav } from '../features/shell/components/sidebar-nav.tsx';
import { homeRouteFor } from '../lib/home-route.ts';
import { useSelectedMill, useSession } from '../lib/session.ts';
import { useSwitchMill } from './mill-switch.ts';
import { useSignOut } from './use-sign-out.ts';

export function SignedInLayout() {
  const { session } = useSession();
  const { mill, hasStoredChoice, setSelectedMillId } = useSelectedMill(session);
  const switchMill = useSwitchMill(setSelectedMillId);
  const [navOpened, nav] = useDisclosure(false);
  const signOut = useSignOut();
  const compact = usePhoneLayout();
  useLiveEvents(session, mill?.id ?? null);
  if (!session) return <Loading />;
  const isMillUser = session.user.role.type === 'mill';
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'xs', sm: 'md' }}
    >
      <AppShell.Header>
        <AppHeader
          session={session}
          mill={mill}
          onSelectMill={switchMill}
          onSignOut={signOut}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          notificationBell={<NotificationBell />}
          homePath={homeRouteFor(session, mill).path}
          compact={compact}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" id={SIDEBAR_ID}>
        {compact && <ShellExtras session={session} mill={mill} onSelectMill={switchMill} />}
        <SidebarNav session={session} mill={mill} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <UnsavedChangesBlocker />
      {isMillUser && mill?.needPoliciesApproval && <PolicyConsentDialog millId={mill.id} />}
      {session.mills.length > 1 && !hasStoredChoice && <MillSelectionDialog mills={session.mills} onSelect={setSelectedMillId} />}
    </AppShell>
  );
}
