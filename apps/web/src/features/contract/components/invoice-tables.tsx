import { Alert, Badge, Button, Stack } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@casebridge/shared/schemas/billing';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { Loading } from '../../../components/loading.tsx';
import { TablePager } from '../../../components/table-pager.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { fetchInvoicePdf, useInvoices } from '../api/contract-api.ts';
import { useFormatEuro } from './format-money.ts';
import { usePage } from './use-page.ts';

/** Saves the PDF under the invoice's number through a temporary link to the fetched bytes. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser reads the bytes after this task ends; revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function PdfButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      saveBlob(await fetchInvoicePdf(invoice.pdfUrl), `${invoice.number}.pdf`);
    } catch (error) {
      notifyError(t, error, t('contract.pdfFailed'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={loading}
      onClick={() => void download()}
      aria-label={t('contract.downloadPdf', { number: invoice.number })}
    >
      {t('contract.pdf')}
    </Button>
  );
}

/** One paged list of the mill's invoices, shown with the columns of the tab that asks for it. */
function PagedInvoices({ millId, columns, caption }: { millId: number; columns: DataTableColumn<Invoice>[]; caption: string }) {
  const { t } = useTranslation();
  const paging = usePage();
  const invoices = useInvoices(millId, paging.params);
  if (invoices.isError) return <Alert color="red">{t('contract.loadFailed')}</Alert>;
  if (!invoices.data) return <Loading />;
  return (
    <Stack gap="sm">
      <DataTable columns={columns} rows={invoices.data.data} rowKey={(invoice) => invoice.id} caption={caption} />
      <TablePager
        total={invoices.data.count}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
      />
    </Stack>
  );
}

/** Spec §2 billing tab: who was billed, for which period, how much. */
export function BillingTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const columns: DataTableColumn<Invoice>[] = [
    { key: 'email', header: t('contract.customerEmail'), render: (invoice) => invoice.customerEmail },
    { key: 'company', header: t('contract.companyName'), render: (invoice) => invoice.customerName },
    { key: 'from', header: t('contract.periodFrom'), render: (invoice) => formatDate(invoice.periodStart) },
    { key: 'to', header: t('contract.periodTo'), render: (invoice) => formatDate(invoice.periodEnd) },
    { key: 'amount', header: t('contract.amount'), render: (invoice) => euro(invoice.totalCents) },
  ];
  return <PagedInvoices millId={millId} columns={columns} caption={t('contract.billingCaption')} />;
}

/** Spec §2 invoices tab: date, number, amount, paid and the PDF. */
export function InvoicesTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const euro = useFormatEuro();
  const columns: DataTableColumn<Invoice>[] = [
    { key: 'date', header: t('contract.date'), render: (invoice) => formatDate(invoice.issuedAt) },
    { key: 'number', header: t('contract.number'), render: (invoice) => invoice.number },
    { key: 'amount', header: t('contract.amount'), render: (invoice) => euro(invoice.totalCents) },
    {
      key: 'paid',
      header: t('contract.paid'),
      render: (invoice) => (
        <Badge color={invoice.paid ? 'green' : 'orange'}>{t(invoice.paid ? 'contract.paidYes' : 'contract.paidNo')}</Badge>
      ),
    },
    { key: 'pdf', header: t('contract.pdf'), render: (invoice) => <PdfButton invoice={invoice} /> },
  ];
  return <PagedInvoices millId={millId} columns={columns} caption={t('contract.invoicesCaption')} />;
}
