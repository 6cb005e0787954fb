import { Alert, Avatar, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Loading } from '../../../components/loading.tsx';
import { openAuthDialog } from '../../../lib/auth-dialog-store.ts';
import { describeError } from '../../../lib/error-message.ts';
import { usePublicMill } from '../api/public-api.ts';

/** The mill's public page; a later issue adds the editable landing-page content. */
export function MillLandingPage() {
  const { millId } = useParams();
  // Only numeric ids are mills; anything else is an unknown path and goes home like the catch-all.
  if (!millId || !/^\d+$/.test(millId)) return <Navigate to="/" replace />;
  return <MillLanding millId={Number(millId)} />;
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
  return (
    <Container size="md" py="xl">
      <Stack>
        <Group>
          <Avatar src={company.logo?.url} size="xl" radius="sm" alt="" />
          <Title order={1}>{company.name}</Title>
        </Group>
        {landingPageHeader && <Title order={2}>{landingPageHeader}</Title>}
        {landingPageContent ? <Text style={{ whiteSpace: 'pre-wrap' }}>{landingPageContent}</Text> : <ComingSoon what={t('millLanding.content')} />}
        <Button w="fit-content" onClick={() => openAuthDialog('signIn')}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </Container>
  );
}
