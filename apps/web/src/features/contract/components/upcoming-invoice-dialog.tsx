import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useUpcomingInvoice } from '../api/contract-api.ts';
import { useFormatEuro } from './format-money.ts';

/** The next invoice as far as the provider knows it: its lines, the amount due and when it is charged. */
export function UpcomingInvoiceDialog({ millId, onClose }: { millId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const upcoming = useUpcomingInvoice(millId);
  const invoice = upcoming.data?.upcomingInvoice;
  return (
    <Modal opened onClose={onClose} title={t('contract.upcomingInvoice')} size="lg">
      {upcoming.isPending && <Loading />}
      {upcoming.isError && <Alert color="red">{t('contract.loadFailed')}</Alert>}
      {upcoming.isSuccess && !invoice && <Text>{t('contract.noUpcomingInvoice')}</Text>}
      {invoice && (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('contract.description')}</Table.Th>
                  <Table.Th>{t('contract.periodColumn')}</Table.Th>
                  <Table.Th ta="right">{t('contract.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td>{`${formatDate(line.periodStart)} – ${formatDate(line.periodEnd)}`}</Table.Td>
                    <Table.Td ta="right">{euro(line.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text fw={700}>{t('contract.amountDue', { amount: euro(invoice.amountDueCents) })}</Text>
          {invoice.nextPaymentAttempt && <Text size="sm">{t('contract.nextPayment', { date: formatDate(invoice.nextPaymentAttempt) })}</Text>}
        </Stack>
      )}
    </Modal>
  );
}
