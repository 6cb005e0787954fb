import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import type { Client } from '@casebridge/shared/schemas/clients';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { ListView } from '../../../components/list-kit/list-view.tsx';
import { offsetQuery, useListState } from '../../../components/list-kit/use-list-state.ts';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { clientPersonLabel } from '../../../lib/client-label.ts';
import { describeError } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { millMay, useSelectedMill, useSession } from '../../../lib/session.ts';
import { fetchActivationInstructions, useClients, type AddClientResult, type ClientStatusFilter } from '../api/clients-api.ts';
import { ActivationInstructionsDialog } from '../components/activation-instructions-dialog.tsx';
import { AddClientDialog } from '../components/add-client-dialog.tsx';
import { ClientRowActions } from '../components/client-row-actions.tsx';

export const LANDING_PAGE_SETTINGS_PATH = '/mill/settings?tab=landing-page';
export const clientDetailsPath = (client: Pick<Client, 'id'>) => `/mill/client/${client.id}/details`;

function ClientStatus({ client }: { client: Client }) {
  const { t } = useTranslation();
  // The badges wrap rather than shrink: capped at a share of the row, a status read "A…" (issue 10).
  return (
    <Group gap={4} wrap="wrap" preventGrowOverflow={false}>
      <Badge variant="light" color={client.status === 'active' ? 'green' : 'gray'}>
        {t(`clients.status.${client.status}`)}
      </Badge>
      {!client.confirmed && (
        <Badge variant="outline" color="blue">
          {t('clients.pending')}
        </Badge>
      )}
      {client.blockedByMill && (
        <Badge variant="outline" color="orange">
          {t('clients.blockedByMill')}
        </Badge>
      )}
      {client.blockedBySystem && (
        <Badge variant="outline" color="red">
          {t('clients.blockedBySystem')}
        </Badge>
      )}
    </Group>
  );
}

/** A lab names its company when it accepts: until then the cell says the invitation is pending, not blank. */
function ClientCompany({ client }: { client: Client }) {
  const { t } = useTranslation();
  if (client.company?.name.trim()) return client.company.name;
  return (
    <Text size="sm" c="dimmed">
      {client.confirmed ? '—' : t('clients.pending')}
    </Text>
  );
}

/** Spec §4: after an invitation, a mill without a landing page is asked to set it up. */
function useAfterClientAdded(mill: MillSummary) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [instructions, setInstructions] = useState<string | null>(null);

  const afterAdded = async ({ user, confirmed }: AddClientResult) => {
    const name = clientPersonLabel(user);
    if (confirmed) {
      // The dialog names the client; a toast saying the same would only repeat it.
      openConfirmDialog({ title: t('clients.addedTitle'), message: t('clients.nowYourClient', { name }) });
      return;
    }
    notifySuccess(t('clients.added'));
    try {
      const { message } = await fetchActivationInstructions(mill.id, user.id);
      setInstructions(message);
    } catch (error) {
      openConfirmDialog({ title: t('common.errorOccurred'), message: describeError(t, error) });
    }
  };

  const closeInstructions = () => {
    setInstructions(null);
    // Only a mill's admins may edit its landing page, so only they are asked.
    if (mill.landingPageInfoIsUpdated || !millMay(mill, 'mill.update')) return;
    openConfirmDialog({
      title: t('clients.landingPromptTitle'),
      message: t('clients.landingPromptMessage'),
      confirmLabel: t('clients.landingPromptConfirm'),
      cancelLabel: t('clients.landingPromptLater'),
      onConfirm: () => void navigate(LANDING_PAGE_SETTINGS_PATH),
    });
  };

  return { instructions, afterAdded, closeInstructions };
}

export function ClientsPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const { mill } = useSelectedMill(session);
  return <Page title={t('nav.clients')}>{mill ? <ClientsList mill={mill} /> : <Loading />}</Page>;
}

const STATUSES = ['active', 'inactive'] as const satisfies ClientStatusFilter[];
const isStatus = (value: string | undefined): value is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(value ?? '');

function clientColumns(t: TFunction, millId: number): DataTableColumn<Client>[] {
  return [
    {
      key: 'name',
      header: t('clients.name'),
      sortField: 'lastName',
      render: (client) => (
        <Anchor component={Link} to={clientDetailsPath(client)} onClick={(event) => event.stopPropagation()}>
          {clientPersonLabel(client)}
        </Anchor>
      ),
    },
    { key: 'email', header: t('fields.email'), sortField: 'email', render: (client) => client.email },
    { key: 'company', header: t('clients.company'), sortField: 'companyName', render: (client) => <ClientCompany client={client} /> },
    { key: 'status', header: t('clients.statusLabel'), render: (client) => <ClientStatus client={client} /> },
    { key: 'created', header: t('clients.created'), sortField: 'created_at', render: (client) => formatDate(client.createdAt) },
    { key: 'actions', header: t('common.actions'), render: (client) => <ClientRowActions millId={millId} client={client} /> },
  ];
}

/** The mill's clients on the list kit: status filter, search, sort and page live in the URL. */
function ClientsList({ mill }: { mill: MillSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const list = useListState({ filters: ['status'], defaultSort: { field: 'created_at', direction: 'desc' } });
  const status = list.filters.status;
  const clients = useClients(mill.id, { status: isStatus(status) ? status : 'any', ...offsetQuery(list) });
  const { instructions, afterAdded, closeInstructions } = useAfterClientAdded(mill);
  const statusOptions = (['any', ...STATUSES] as const).map((value) => ({
    value: value === 'any' ? '' : value,
    label: t(`clients.status.${value}`),
  }));

  return (
    <>
      <ListView
        list={list}
        result={{ ...clients, data: clients.data && { rows: clients.data.data, total: clients.data.count } }}
        columns={clientColumns(t, mill.id)}
        rowKey={(client) => client.id}
        onRowClick={(client) => void navigate(clientDetailsPath(client))}
        filters={[{ name: 'status', label: t('clients.statusLabel'), kind: 'select', options: statusOptions, width: 160 }]}
        search
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {t('clients.add')}
          </Button>
        }
      />
      <AddClientDialog
        opened={adding}
        millId={mill.id}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdding(false);
          void afterAdded(result);
        }}
      />
      <ActivationInstructionsDialog message={instructions} onClose={closeInstructions} />
    </>
  );
}
