import { Anchor, AppShell, Burger, Button, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguagePicker } from '../components/language-picker.tsx';
import { HomeQueryParams } from '../features/auth/components/home-query-params.tsx';
import { openAuthDialog } from '../lib/auth-dialog-store.ts';
import { homeRouteFor } from '../lib/home-route.ts';
import { selectedMillFromStorage, useSession } from '../lib/session.ts';
import { useSignOut } from './use-sign-out.ts';

/** `/{millId}`: a mill's public landing page. */
export function isMillLandingPath(pathname: string): boolean {
  return /^\/\d+\/?$/.test(pathname);
}

function SessionButtons() {
  const { t } = useTranslation();
  const { session } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  // The home page and the mill landing pages have their own Sign in button; a second one would
  // make the name ambiguous.
  if (!session && (pathname === '/' || isMillLandingPath(pathname))) return null;
  if (!session) {
    return (
      <Button variant="default" onClick={() => openAuthDialog('signIn')}>
        {t('auth.signIn.submit')}
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to={homeRouteFor(session, selectedMillFromStorage(session)).path}>
        {t('home.openWorkspace')}
      </Button>
      <Button variant="subtle" onClick={signOut}>
        {t('shell.signOut')}
      </Button>
    </>
  );
}

const PUBLIC_MENU_ID = 'public-menu';

/** The public pages the header names; the policies are in the footer. */
function PageLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to="/about-us">
        {t('about.title')}
      </Anchor>
      <Anchor component={Link} to="/contact">
        {t('contact.title')}
      </Anchor>
      <Anchor component={Link} to="/desktop-app">
        {t('desktopApp.title')}
      </Anchor>
    </>
  );
}

/**
 * On a phone the header has room for the name, the session buttons and a menu button only
 * (issue 24 item 8): the page links and the language picker open below it. A plain panel, not a
 * floating menu, keeps the positioning code out of the public home's first load.
 */
function PhoneMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
  const [opened, setOpened] = useState(false);
  // A link followed closes the menu, and so does Escape.
  useEffect(() => setOpened(false), [pathname]);
  useEffect(() => {
    if (!opened) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpened(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [opened]);
  return (
    <>
      <Burger
        opened={opened}
        onClick={() => setOpened(!opened)}
        size="sm"
        aria-label={t('public.menu')}
        aria-expanded={opened}
        aria-controls={PUBLIC_MENU_ID}
      />
      {opened && (
        <Paper
          id={PUBLIC_MENU_ID}
          shadow="md"
          radius={0}
          p="md"
          pos="absolute"
          top="100%"
          left={0}
          right={0}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Stack gap="md" component="nav" aria-label={t('public.nav')}>
            <PageLinks />
            <LanguagePicker signedIn={session !== null} width="100%" />
          </Stack>
        </Paper>
      )}
    </>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { session } = useSession();
  return (
    // On a phone the three footer links take two lines: the footer grows to hold them.
    <AppShell header={{ height: 60 }} footer={{ height: { base: 64, xs: 48 } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
            CaseBridge
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {/* Shown by CSS, not by a media query in script: the prerendered home is taken over without a repaint. */}
            <Group gap="md" visibleFrom="sm" component="nav" aria-label={t('public.nav')}>
              <PageLinks />
            </Group>
            <Group visibleFrom="sm">
              <LanguagePicker signedIn={session !== null} />
            </Group>
            <SessionButtons />
            <Group hiddenFrom="sm">
              <PhoneMenu />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {pathname === '/' && <HomeQueryParams />}
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Group h="100%" px="md" gap="md" justify="center" style={{ rowGap: 4 }}>
          <Anchor component={Link} to="/privacy-policy" size="sm">
            {t('privacy.title')}
          </Anchor>
          <Anchor component={Link} to="/terms-of-service" size="sm">
            {t('policy.termsTitle')}
          </Anchor>
          <Anchor component={Link} to="/data-processing-agreement" size="sm">
            {t('policy.dataProcessingTitle')}
          </Anchor>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
