import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { millMay, useSelectedMill, useSession } from '../../../lib/session.ts';
import { useMillOrderCount, useOnboarding } from '../api/onboarding-api.ts';
import { OnboardingChecklist } from '../components/onboarding-checklist.tsx';

function Checklist({ millId, isAdmin }: { millId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const onboarding = useOnboarding(millId);
  if (onboarding.isPending) return <Loading />;
  if (onboarding.isError) return <Alert color="red">{describeError(t, onboarding.error)}</Alert>;
  return <OnboardingChecklist onboarding={onboarding.data} isAdmin={isAdmin} />;
}

/** Spec §2 sends a mill without orders here; one with orders may open it too and must not be told it has none. */
function OrdersNote({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const orderCount = useMillOrderCount(millId);
  // Until the count is known (or if it cannot be), say nothing rather than something untrue.
  if (orderCount.data === undefined) return null;
  if (orderCount.data === 0) return <Text>{t('millWelcome.noOrders')}</Text>;
  return (
    <Text>
      {t('millWelcome.hasOrders', { orders: orderCount.data })}{' '}
      <Anchor component={Link} to="/mills/projects">
        {t('millWelcome.openOrders')}
      </Anchor>
    </Text>
  );
}

export function MillWelcomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return (
    <Page title={t('millWelcome.title')}>
      <Text>{t('millWelcome.intro', { mill: mill?.company.name ?? '' })}</Text>
      {mill && <OrdersNote millId={mill.id} />}
      {mill && <Checklist key={mill.id} millId={mill.id} isAdmin={millMay(mill, 'mill.update')} />}
    </Page>
  );
}
