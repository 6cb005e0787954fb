import { Avatar, Button, Group, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useLabMill } from '../api/lab-api.ts';
import { MillBlockedAlert } from '../components/mill-blocked-alert.tsx';

/**
 * Spec §1: a lab sees its mill's welcome with two steps, get the service app, then the dashboard.
 * `/lab/welcome` shows the selected mill, `/{millId}/lab/home` the named one.
 */
export function LabWelcomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill: selected } = useSelectedMill(session);
  const { millId: millParam } = useParams();
  const paramId = millParam && /^\d+$/.test(millParam) ? Number(millParam) : null;
  const millId = paramId ?? selected?.id ?? null;
  // Block state comes from the session's mill list: only the lab's own mills are in it.
  const summary = session?.mills.find((item) => item.id === millId) ?? null;
  const mill = useLabMill(millId);
  const millName = mill.data?.company.name ?? summary?.company.name ?? '';
  const logo = mill.data?.company.logo?.url ?? summary?.company.logo?.url;
  return (
    <Page title={t('labWelcome.title')}>
      {millName && (
        <Group>
          <Avatar src={logo} size="lg" radius="sm" alt="" />
          <Text fw={700} size="lg">
            {millName}
          </Text>
        </Group>
      )}
      <MillBlockedAlert mill={summary} />
      <Text>{millName ? t('labWelcome.intro', { mill: millName }) : t('labWelcome.introNoMill')}</Text>
      <Stepper active={-1} orientation="vertical" allowNextStepsSelect={false}>
        <Stepper.Step
          label={t('labWelcome.step1')}
          description={
            <Button component={Link} to="/desktop-app" variant="light" size="xs" mt={4}>
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
