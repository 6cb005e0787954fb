import { Badge, Button, Code, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageKey } from '@casebridge/shared/schemas/usage';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { downloadCsv, toCsv } from '../../../lib/csv.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePageSize } from '../../../lib/use-paging.ts';
import { useSetAllowedUsers, useUsageHistory, useUsageView } from '../api/usage-api.ts';
import { ConcurrencyChart, hourlySeries } from '../components/concurrency-chart.tsx';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function Stat({ label, value, danger }: { label: string; value: number; danger?: boolean }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} c={danger && value > 0 ? 'red' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

function AllowedUsersForm({ usageKey }: { usageKey: UsageKey }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>(usageKey.allowedUsers);
  const save = useSetAllowedUsers();
  const valid = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10_000;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label={t('usage.allowedUsersFor', { key: usageKey.licenseKey })}
        value={value}
        onChange={setValue}
        min={1}
        max={10_000}
        allowDecimal={false}
        w={300}
        maw="100%"
        error={valid ? undefined : t('usage.allowedUsersInvalid')}
      />
      <Button
        variant="light"
        disabled={!valid || value === usageKey.allowedUsers}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { licenceKeyId: usageKey.licenceKeyId, allowedUsers: Number(value) },
            {
              onSuccess: () => notifySuccess(t('usage.allowedUsersSaved')),
              onError: (error) => notifyError(t, error, t('common.errorOccurred')),
            },
          )
        }
      >
        {t('common.save')}
      </Button>
    </Group>
  );
}

function MachinesTable({ usageKey }: { usageKey: UsageKey }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Caption>{t('usage.machinesOf', { key: usageKey.licenseKey })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('usage.boardSerial')}</Table.Th>
              <Table.Th>{t('usage.macAddresses')}</Table.Th>
              <Table.Th>{t('usage.pcName')}</Table.Th>
              <Table.Th>{t('usage.ipAddresses')}</Table.Th>
              <Table.Th>{t('usage.running')}</Table.Th>
              <Table.Th>{t('usage.lastUpdate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usageKey.machines.map((machine) => (
              <Table.Tr key={machine.boardSerial}>
                <Table.Td>
                  <Code>{machine.boardSerial}</Code>
                </Table.Td>
                <Table.Td>{machine.macAddresses.join(', ')}</Table.Td>
                <Table.Td>{machine.pcName}</Table.Td>
                <Table.Td>{machine.ipAddresses.join(', ')}</Table.Td>
                <Table.Td>
                  <Badge color={machine.active ? 'green' : 'gray'} variant="light">
                    {t(machine.active ? 'usage.isRunning' : 'usage.notRunning')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(machine.lastUpdate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {usageKey.allowedUsersFromTicket ? (
        // The key's licence ticket says how many users it allows (issue 14): a manager's number would not apply.
        <Text size="sm" c="dimmed">
          {t('ticketThread.allowedUsersFromTicket', { count: usageKey.allowedUsers })}
        </Text>
      ) : (
        <AllowedUsersForm usageKey={usageKey} />
      )}
    </Stack>
  );
}

/** The platform's concurrent use over the last seven days, per hour. */
function PlatformHistory() {
  const { t } = useTranslation();
  const range = useMemo(() => {
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000);
    const from = new Date(to.getTime() - 7 * DAY_MS);
    return { from, to };
  }, []);
  const history = useUsageHistory({ from: isoDay(range.from), to: isoDay(range.to) });
  if (!history.data) return <Loading />;
  return <ConcurrencyChart label={t('usage.chartLabel')} series={hourlySeries(history.data.data, range.from, range.to)} />;
}

function exportKeys(keys: UsageKey[], t: (key: string) => string) {
  const header = [
    t('usage.licenceKey'),
    t('usage.mill'),
    t('usage.allowedUsers'),
    t('usage.multipleLogins'),
    t('usage.firstPing'),
    t('usage.lastPing'),
    t('usage.concurrentlyUsed'),
  ];
  const rows = keys.map((key) => [
    key.licenseKey,
    key.millName,
    key.allowedUsers,
    key.multipleLogins,
    key.firstPing,
    key.lastPing,
    key.concurrentlyUsed,
  ]);
  downloadCsv(`concurrent-usage-${isoDay(new Date())}.csv`, toCsv(header, rows));
}

/** Spec manager-dealer §2 "concurrent usage view" (`/manager/hd/usage/info`), live every 10 s. */
export function UsagePage() {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const view = useUsageView({ _start: (page - 1) * pageSize, _limit: pageSize });

  const columns: DataTableColumn<UsageKey>[] = [
    { key: 'key', header: t('usage.licenceKey'), render: (row) => <Code fz="sm">{row.licenseKey}</Code> },
    { key: 'mill', header: t('usage.mill'), render: (row) => row.millName },
    { key: 'allowed', header: t('usage.allowedUsers'), render: (row) => row.allowedUsers },
    {
      key: 'multiple',
      header: t('usage.multipleLogins'),
      render: (row) => (
        <Badge color={row.overAllowance ? 'red' : row.multipleLogins ? 'orange' : 'gray'} variant={row.multipleLogins ? 'filled' : 'light'}>
          {row.multipleLogins ? t('usage.yes') : t('usage.no')}
        </Badge>
      ),
    },
    { key: 'first', header: t('usage.firstPing'), render: (row) => (row.firstPing ? formatDateTime(row.firstPing) : '-') },
    { key: 'last', header: t('usage.lastPing'), render: (row) => (row.lastPing ? formatDateTime(row.lastPing) : '-') },
    { key: 'concurrent', header: t('usage.concurrentlyUsed'), render: (row) => row.concurrentlyUsed },
  ];

  return (
    <Page title={t('usage.title')}>
      {!view.data ? (
        <Loading />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="xs">
            <Stat label={t('usage.runningMachines')} value={view.data.overview.runningMachines} />
            <Stat label={t('usage.concurrentlyUsedKeys')} value={view.data.overview.concurrentlyUsedKeys} />
            <Stat label={t('usage.keysOverAllowance')} value={view.data.overview.keysOverAllowance} danger />
          </SimpleGrid>
          <PlatformHistory />
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('usage.perKey')}
            </Title>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={view.data.data.length === 0}
              onClick={() => exportKeys(view.data.data, t)}
            >
              {t('usage.exportCsv')}
            </Button>
          </Group>
          <DataTable
            columns={columns}
            rows={view.data.data}
            rowKey={(row) => row.licenceKeyId}
            expansion={{
              toggleLabel: (row) => t('usage.showMachines', { key: row.licenseKey }),
              content: (row) => <MachinesTable usageKey={row} />,
            }}
          />
          <TablePager
            total={view.data.count}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </Stack>
      )}
    </Page>
  );
}
