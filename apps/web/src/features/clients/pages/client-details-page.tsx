import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import { Loading } from '../../../components/loading.tsx';
import { QueryTabsPage } from '../../../components/query-tabs.tsx';
import { clientPersonLabel } from '../../../lib/client-label.ts';
import { describeError } from '../../../lib/error-message.ts';
import { useSelectedMill, useSession } from '../../../lib/session.ts';
import { useClient } from '../api/clients-api.ts';
import { ClientCompanyInfo } from '../components/client-company-info.tsx';

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

/** The orders and messages tabs come from their own features; the app shell passes them in. */
export interface ClientPanels {
  orders: (mill: MillSummary, labId: number) => ReactNode;
  messages: (mill: MillSummary, labId: number) => ReactNode;
}

function ClientDetails({ mill, userId, panels }: { mill: MillSummary; userId: number; panels: ClientPanels }) {
  const { t } = useTranslation();
  const client = useClient(mill.id, userId);
  if (client.isPending) return <Loading />;
  if (client.isError) return <Alert color="red">{describeError(t, client.error)}</Alert>;
  const data = client.data;
  return (
    <QueryTabsPage
      title={clientPersonLabel(data)}
      description={
        <Text size="sm" c="dimmed">
          {[data.company?.name || (data.confirmed ? '' : t('clients.pending')), data.email].filter(Boolean).join(' · ')}
        </Text>
      }
      defaultTab="company-info"
      tabs={[
        { value: 'company-info', label: t('company.title'), panel: <ClientCompanyInfo client={data} /> },
        { value: 'orders', label: t('nav.orders'), panel: panels.orders(mill, data.labId) },
        { value: 'messages', label: t('nav.messages'), panel: panels.messages(mill, data.labId) },
      ]}
    />
  );
}

export function ClientDetailsPage({ panels }: { panels: ClientPanels }) {
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
        <ClientDetails mill={mill} userId={userId} panels={panels} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
