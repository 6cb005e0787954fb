import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/loading.tsx';
import {
  useAbandonTestCheckout,
  usePayTestCheckout,
  useReplaceTestCard,
  useTestCheckout,
  type TestCard,
} from '../api/test-payments-api.ts';
import { useFormatEuro } from '../components/format-money.ts';
import { TestCardForm } from '../components/test-card-form.tsx';

const CONTRACT_PATH = '/mill/contract?tab=contract-types';

/** The provider decides where the browser goes next: success, failure, or back to the portal. */
const leaveFor = (redirectUrl: string) => window.location.assign(redirectUrl);

function CheckoutOver() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert">
      {t('contract.checkout.over')}{' '}
      <Anchor component={Link} to={CONTRACT_PATH} inherit>
        {t('payment.toContract')}
      </Anchor>
    </Alert>
  );
}

function CheckoutForm({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const pay = usePayTestCheckout(sessionId);
  const abandon = useAbandonTestCheckout(sessionId);
  // Both calls end by leaving the page: stay busy until the browser has gone.
  const leaving = pay.isSuccess || abandon.isSuccess;
  return (
    <TestCardForm
      submitLabel={t('contract.checkout.pay')}
      pending={pay.isPending || leaving}
      error={pay.error ?? abandon.error}
      onSubmit={(card: TestCard) => pay.mutate(card, { onSuccess: ({ redirectUrl }) => leaveFor(redirectUrl) })}
      extraActions={
        <Button
          variant="default"
          loading={abandon.isPending}
          disabled={leaving}
          onClick={() => abandon.mutate(undefined, { onSuccess: ({ redirectUrl }) => leaveFor(redirectUrl) })}
        >
          {t('contract.checkout.cancel')}
        </Button>
      }
    />
  );
}

/** /payments/test-checkout/:id: what is bought, for how much, and the card to pay with. */
export function TestCheckoutPage() {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const { id = '' } = useParams();
  const checkout = useTestCheckout(id);
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('contract.checkout.title')}</Title>
        {checkout.isPending && <Loading />}
        {checkout.isError && <CheckoutOver />}
        {checkout.data && (
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Text fw={600}>{checkout.data.description}</Text>
              <Text fz="xl" fw={700}>
                {t('contract.checkout.amount', { amount: euro(checkout.data.amountCents) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('contract.checkout.customer', { email: checkout.data.customerEmail })}
              </Text>
              {checkout.data.status === 'open' ? <CheckoutForm sessionId={id} /> : <CheckoutOver />}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

/** /payments/test-card/:id: the card on file is replaced; the provider then returns to the portal. */
export function TestCardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const replace = useReplaceTestCard(id);
  const declined = replace.data?.outcome === 'declined' ? replace.data.redirectUrl : null;
  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('contract.card.title')}</Title>
        {declined && (
          <Alert color="red" role="alert">
            {t('contract.card.declined')}{' '}
            <Anchor href={declined} inherit>
              {t('payment.toContract')}
            </Anchor>
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <TestCardForm
            submitLabel={t('contract.card.save')}
            pending={replace.isPending || replace.data?.outcome === 'paid'}
            error={replace.error}
            onSubmit={(card) =>
              replace.mutate(card, {
                // A declined card stays here to try another one.
                onSuccess: ({ outcome, redirectUrl }) => {
                  if (outcome === 'paid') leaveFor(redirectUrl);
                },
              })
            }
          />
        </Paper>
      </Stack>
    </Container>
  );
}
