import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useActiveProduct } from '../api/ticket-details-api.ts';
import { formatUtcDate } from '../../../components/expiry-status.tsx';

/** Spec §2 dealer tickets: the active product details of a ticket, or "No active product detail". */
export function ActiveProductDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const product = useActiveProduct(ticketId, open);
  const rows = product.data?.data ?? [];
  return (
    <Modal opened={open} onClose={onClose} title={t('licenceInfo.activeProduct.title')} size="xl">
      {product.isLoading && <Loading />}
      {product.isError && (
        <Alert color="red" role="alert">
          {describeError(t, product.error)}
        </Alert>
      )}
      {product.data && (
        <Stack gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {[product.data.ticketId, product.data.productName].filter(Boolean).join(' · ')}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed" role="status">
              {t('licenceInfo.activeProduct.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('licenceInfo.rows.code')}</Table.Th>
                    <Table.Th>{t('licenceInfo.rows.name')}</Table.Th>
                    <Table.Th>{t('licenceInfo.rows.licenseExp')}</Table.Th>
                    <Table.Th>{t('licenceInfo.rows.maintenanceExp')}</Table.Th>
                    <Table.Th>{t('licenceInfo.rows.permissions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={`${row.code}|${row.itemId}`}>
                      <Table.Td>{row.code}</Table.Td>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{formatUtcDate(row.licenseExp)}</Table.Td>
                      <Table.Td>{formatUtcDate(row.maintenanceExp)}</Table.Td>
                      <Table.Td>{row.permissions}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
