import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { DraftOffer } from '../components/draft-offer.tsx';
import { OrderComponentCard } from '../components/order-component-card.tsx';
import { OverallProgress } from '../components/overall-progress.tsx';
import { COMPONENT_NAME_RULE, ORDER_NAME_RULE, useNewOrder } from '../components/use-new-order.ts';

const ORDER_NAME_MAX = maxLengthOf(ORDER_NAME_RULE);

/** Spec §2 lab area: a new order with its components and their files, sent to the selected mill. */
export function NewOrderPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <Page title={t('orders.newTitle')}>{mill ? <NewOrderForm mill={mill} /> : <Loading />}</Page>;
}

/** The overall progress once the order exists, what went wrong, and the send (or retry) button. */
function SendSection({ sending }: { sending: ReturnType<typeof useNewOrder>['sending'] }) {
  const { t } = useTranslation();
  const retrying = sending.failedKeys.length > 0;
  return (
    <>
      {sending.allJobs.length > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('orders.overallProgress')}</Text>
          <OverallProgress jobs={sending.allJobs} uploads={sending.uploads} />
        </Stack>
      )}
      {sending.failure && (
        <Alert color="red" role="alert">
          {sending.failure}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={sending.sending} leftSection={<IconSend size={16} aria-hidden />}>
          {retrying ? t('orders.retryUploads') : t('orders.send')}
        </Button>
      </Group>
    </>
  );
}

export function NewOrderForm({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const order = useNewOrder(mill);
  const { draft, sending, offered } = order;
  // Once the order exists its names are the server's; files can still be added (a continued
  // order) until sending starts, and after failed uploads only those are retried.
  const namesLocked = sending.created !== null || sending.sending;
  const filesLocked = sending.sending || sending.failedKeys.length > 0;

  if (mill.blocked) {
    return <Alert color="red">{t('orders.millBlocked', { mill: mill.company.name })}</Alert>;
  }

  return (
    <form noValidate onSubmit={order.submit}>
      <Stack maw={800}>
        {offered && (
          <DraftOffer
            draft={offered}
            onContinue={() => order.continueDraft(offered)}
            onDiscard={() => order.offer.discard(offered)}
            discarding={order.offer.discarding}
          />
        )}
        <Text size="sm">{t('orders.newIntro', { mill: mill.company.name })}</Text>
        {order.continued && <Text size="sm">{t('orders.draftContinued')}</Text>}
        <TextInput
          label={t('orders.orderName')}
          required
          maxLength={ORDER_NAME_MAX}
          value={order.name}
          disabled={namesLocked}
          error={order.errorOf(ORDER_NAME_RULE, order.name)}
          onChange={(event) => order.setName(event.currentTarget.value)}
        />
        {draft.components.map((component, index) => (
          <OrderComponentCard
            key={component.key}
            component={component}
            index={index}
            error={order.errorOf(COMPONENT_NAME_RULE, component.name)}
            namesLocked={namesLocked}
            filesLocked={filesLocked}
            removable={draft.components.length > 1}
            uploads={sending.uploads}
            draft={draft}
          />
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={namesLocked} onClick={draft.add}>
            {t('orders.addComponent')}
          </Button>
        </Group>
        <SendSection sending={sending} />
      </Stack>
    </form>
  );
}
