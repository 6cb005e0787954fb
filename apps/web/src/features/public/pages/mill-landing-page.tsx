import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LandingPageView } from '../../../components/landing-page-view.tsx';
import { Loading } from '../../../components/loading.tsx';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { usePublicMill } from '../api/public-api.ts';

/** A mill's public page (`/{millId}`); it needs no sign-in. */
export function MillLandingPage() {
  const { millId } = useParams();
  // Only numeric ids are mills; anything else is an unknown path and goes home like the catch-all.
  if (!millId || !/^\d+$/.test(millId)) return <Navigate to="/" replace />;
  return <MillLanding millId={Number(millId)} />;
}

function LandingActions() {
  const { t } = useTranslation();
  const { session } = useSession();
  // Signed-in visitors find 'Open my workspace' in the header.
  if (session) return null;
  return (
    <Group>
      <Button onClick={() => openAuthDialog('signIn')}>{t('auth.signIn.submit')}</Button>
      <Button variant="outline" onClick={() => openAuthDialog('signUp')}>
        {t('auth.signUp.submit')}
      </Button>
    </Group>
  );
}

function MillLanding({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const mill = usePublicMill(millId);
  if (mill.isPending) return <Loading />;
  if (mill.isError) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>{t('millLanding.unknown')}</Title>
        <Alert color="red" mt="md">
          {describeError(t, mill.error)}
        </Alert>
      </Container>
    );
  }
  const { company, landingPageHeader, landingPageContent } = mill.data;
  const empty = !landingPageHeader && !landingPageContent;
  return (
    <Container size="md" py="xl">
      <LandingPageView
        companyName={company.name}
        logoUrl={company.logo?.url}
        header={landingPageHeader}
        content={landingPageContent}
        actions={
          <>
            {empty && <Text c="dimmed">{t('millLanding.noContent')}</Text>}
            <LandingActions />
          </>
        }
      />
    </Container>
  );
}
