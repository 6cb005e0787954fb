import { Alert, Anchor, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconClipboardList, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { Loading } from '../../../components/loading.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useClient } from '../api/clients-api.ts';
import { ClientCompanyInfo } from '../components/client-company-info.tsx';
import { clientName } from '../components/client-row-actions.tsx';

export const CLIENTS_PATH = '/mills/clients';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={CLIENTS_PATH} w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('clients.back')}
      </Group>
    </Anchor>
  );
}

/** Orders and messages of a client arrive with the orders workspace; until then the tab says so. */
function NotYet({ kind }: { kind: 'orders' | 'messages' }) {
  const { t } = useTranslation();
  const Icon = kind === 'orders' ? IconClipboardList : IconMessages;
  return (
    <EmptyState
      py="xl"
      icon={<Icon size={32} aria-hidden />}
      withIndicatorBackground
      title={t(`clients.details.${kind}EmptyTitle`)}
      description={t(`clients.details.${kind}Empty`)}
    />
  );
}

function ClientDetails({ mill, userId }: { mill: MillSummary; userId: number }) {
  const { t } = useTranslation();
  const client = useClient(mill.id, userId);
  if (client.isPending) return <Loading />;
  if (client.isError) return <Alert color="red">{describeError(t, client.error)}</Alert>;
  const data = client.data;
  return (
    <QueryTabsPage
      title={clientName(data)}
      description={
        <Text size="sm" c="dimmed">
          {data.company.name} · {data.email}
        </Text>
      }
      defaultTab="company-info"
      tabs={[
        { value: 'company-info', label: t('company.title'), panel: <ClientCompanyInfo client={data} /> },
        { value: 'orders', label: t('nav.orders'), panel: <NotYet kind="orders" /> },
        { value: 'messages', label: t('nav.messages'), panel: <NotYet kind="messages" /> },
      ]}
    />
  );
}

export function ClientDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  const userId = Number(id);
  return (
    <Stack gap="sm">
      <BackLink />
      {!Number.isInteger(userId) || userId <= 0 ? (
        <Alert color="red">{t('errors.NOT_FOUND')}</Alert>
      ) : mill ? (
        <ClientDetails mill={mill} userId={userId} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
