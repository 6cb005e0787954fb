import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../components/page.tsx';
import { homeRouteFor } from '../lib/home-route.ts';
import { useSelectedMill, useSession } from '../lib/session.ts';

/**
 * A signed-in user's path that matches no page (one a later release adds, or a typo): said
 * inside their own shell, with the way back to their home, rather than leaving the workspace.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return (
    <Page title={t('notFound.title')}>
      <Text>{t('notFound.message')}</Text>
      <Anchor component={Link} to={homeRouteFor(session, mill).path}>
        {t('notFound.home')}
      </Anchor>
    </Page>
  );
}
