import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useConfirmPayment } from '../api/public-api.ts';

/** Spec §4: after a failed payment the user is taken back to the contract page after 2 seconds. */
export const PAYMENT_FAILURE_REDIRECT_MS = 2000;
const CONTRACT_PATH = '/mill/contract';

export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const confirm = useConfirmPayment();
  const sent = useRef(false);

  useEffect(() => {
    if (!sessionId || sent.current) return;
    sent.current = true; // the provider's session may only be confirmed once
    confirm.mutate(sessionId);
  }, [sessionId, confirm]);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('payment.successTitle')}</Title>
        {!sessionId && <Alert color="red">{t('payment.missingSession')}</Alert>}
        {confirm.isPending && <Loading />}
        {confirm.isSuccess && <Text role="status">{t('payment.confirmed')}</Text>}
        {confirm.isError && (
          <Alert color="red" title={t('payment.confirmFailed')}>
            {describeError(t, confirm.error)}
          </Alert>
        )}
        <Button component={Link} to={CONTRACT_PATH} w="fit-content">
          {t('payment.toContract')}
        </Button>
      </Stack>
    </Container>
  );
}

export function PaymentFailurePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => void navigate(CONTRACT_PATH, { replace: true }), PAYMENT_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('payment.failureTitle')}</Title>
        <Alert color="red" role="alert">
          {t('payment.failed')}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('payment.redirecting')}
        </Text>
      </Stack>
    </Container>
  );
}
