import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { dealerPages } from '../components/dealer-pages.ts';

/** Spec §2 dealer home: a heading, a paragraph and a link to each dealer page that exists. */
export function DealerHomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const pages = dealerPages(session?.actions ?? []).filter((page) => page.to !== '/dealer/home');
  return (
    <Page title={t('dealer.title')}>
      <Text>{t('dealers.home.intro')}</Text>
      <List spacing="xs">
        {pages.map((page) => (
          <List.Item key={page.to}>
            <Anchor component={Link} to={page.to}>
              {t(page.labelKey)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Page>
  );
}
