import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UpcomingInvoice } from '@casebridge/shared/schemas/billing';
import { Loading } from '../../../components/loading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useUpcomingInvoice } from '../api/contract-api.ts';
import { useFormatEuro } from './format-money.ts';

/** The VAT line as the invoice will state it: the rate, or why there is none (spec §9, §14 UStG). */
function vatLabel(t: TFunction, invoice: NonNullable<UpcomingInvoice>): string {
  if (invoice.taxTreatment === 'reverseCharge') return t('contract.vatReverseCharge');
  if (invoice.taxTreatment === 'outsideEu') return t('contract.vatOutsideEu');
  return t('contract.vatRate', { value: invoice.vatPercent });
}

function TotalRow({ label, amount }: { label: string; amount: string }) {
  return (
    <Table.Tr>
      <Table.Th colSpan={2} scope="row">
        {label}
      </Table.Th>
      <Table.Td ta="right">{amount}</Table.Td>
    </Table.Tr>
  );
}

/** The next invoice as far as the provider knows it: its lines, net, VAT and total, the amount due and when it is charged. */
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
          {/* Narrow enough for a phone: the period wraps rather than push the amounts out of sight. */}
          <Table.ScrollContainer minWidth={300}>
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
              <Table.Tfoot>
                <TotalRow label={t('contract.netAmount')} amount={euro(invoice.netCents)} />
                <TotalRow label={vatLabel(t, invoice)} amount={euro(invoice.vatCents)} />
                <TotalRow label={t('contract.total')} amount={euro(invoice.totalCents)} />
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Text fw={700}>{t('contract.amountDue', { amount: euro(invoice.amountDueCents) })}</Text>
          {invoice.nextPaymentAttempt && (
            <Text size="sm">{t('contract.nextPayment', { date: formatDate(invoice.nextPaymentAttempt) })}</Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
