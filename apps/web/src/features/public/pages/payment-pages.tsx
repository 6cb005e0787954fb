import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useConfirmPayment } from '../api/public-api.ts';

/** Spec §4: back to the contract page 1 second after a confirmed payment, 2 seconds after a failed one. */
const PAYMENT_SUCCESS_REDIRECT_MS = 1000;
const PAYMENT_FAILURE_REDIRECT_MS = 2000;
const CONTRACT_PATH = '/mill/contract?tab=contract-types';

/** Goes to the contract page `delayMs` after `when` turns true. */
function useReturnToContract(when: boolean, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(CONTRACT_PATH, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [when, delayMs, navigate]);
}

function PaymentFailed({ reason }: { reason?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert color="red" role="alert" title={t('payment.failureTitle')}>
        {t('payment.failed')}
        {reason && (
          <Text size="sm" mt="xs">
            {reason}
          </Text>
        )}
      </Alert>
      <Text size="sm" c="dimmed">
        {t('payment.redirecting')}
      </Text>
    </>
  );
}

/** What else went wrong besides the payment itself (the §8 text already says that much). */
function failureReason(t: TFunction, error: unknown): string | undefined {
  return error instanceof ApiError && error.code === 'PAYMENT_FAILED' ? undefined : describeError(t, error);
}

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
  useReturnToContract(confirm.isSuccess, PAYMENT_SUCCESS_REDIRECT_MS);
  useReturnToContract(confirm.isError || !sessionId, PAYMENT_FAILURE_REDIRECT_MS);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('payment.successTitle')}</Title>
        {!sessionId && <PaymentFailed reason={t('payment.missingSession')} />}
        {confirm.isPending && <Loading />}
        {confirm.isSuccess && (
          <Alert color="green" role="status">
            {t('payment.confirmed')}
          </Alert>
        )}
        {confirm.isError && <PaymentFailed reason={failureReason(t, confirm.error)} />}
        <Button component={Link} to={CONTRACT_PATH} w="fit-content">
          {t('payment.toContract')}
        </Button>
      </Stack>
    </Container>
  );
}

export function PaymentFailurePage() {
  const { t } = useTranslation();
  useReturnToContract(true, PAYMENT_FAILURE_REDIRECT_MS);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('payment.failureTitle')}</Title>
        <PaymentFailed />
      </Stack>
    </Container>
  );
}
