import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useOnboarding } from '../api/onboarding-api.ts';
import { OnboardingChecklist } from '../components/onboarding-checklist.tsx';

function Checklist({ millId, isAdmin }: { millId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const onboarding = useOnboarding(millId);
  if (onboarding.isPending) return <Loading />;
  if (onboarding.isError) return <Alert color="red">{describeError(t, onboarding.error)}</Alert>;
  return <OnboardingChecklist onboarding={onboarding.data} isAdmin={isAdmin} />;
}

export function MillWelcomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return (
    <Page title={t('millWelcome.title')}>
      <Text>{t('millWelcome.intro', { mill: mill?.company.name ?? '' })}</Text>
      <Text>{t('millWelcome.noOrders')}</Text>
      {mill && <Checklist key={mill.id} millId={mill.id} isAdmin={mill.millRole === 'admin'} />}
    </Page>
  );
}
