import { Button, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Page } from '../../../components/page.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';

/** Spec §1: a lab sees its mill's welcome with two steps, get the service app, then the dashboard. */
export function LabWelcomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const { millId } = useParams();
  const millName = session?.mills.find((item) => String(item.id) === millId)?.company.name ?? mill?.company.name ?? '';
  return (
    <Page title={t('labWelcome.title')}>
      <Text>{t('labWelcome.intro', { mill: millName })}</Text>
      <Stepper active={-1} orientation="vertical" allowNextStepsSelect={false}>
        <Stepper.Step
          label={t('labWelcome.step1')}
          description={
            <Button component={Link} to="/lab/support?tab=download-app" variant="light" size="xs" mt={4}>
              {t('labWelcome.step1Action')}
            </Button>
          }
        />
        <Stepper.Step
          label={t('labWelcome.step2')}
          description={
            <Button component={Link} to="/lab/projects" variant="light" size="xs" mt={4}>
              {t('labWelcome.step2Action')}
            </Button>
          }
        />
      </Stepper>
    </Page>
  );
}

function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(titleKey)}>
      <ComingSoon what={t(titleKey)} />
    </Page>
  );
}

export const LabOrdersPage = () => <PlaceholderPage titleKey="nav.orders" />;
export const LabMessagesPage = () => <PlaceholderPage titleKey="nav.messages" />;
