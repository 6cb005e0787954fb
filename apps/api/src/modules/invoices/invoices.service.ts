import { EU_COUNTRIES } from '@casebridge/shared/constants/countries';
import type { Invoice, InvoiceParty, TaxTreatment } from '@casebridge/shared/schemas/billing';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { authorize } from '../../access/access.ts';
import type { SessionUser } from '../../access/session-check.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProviderInvoice } from '../../platform/payments/payment-provider.ts';
import { documentPdf } from '../../platform/pdf/document-pdf.ts';
import type { UserRow } from '../../lib/current-user.ts';
import { companyById } from '../companies/companies.queries.ts';
import { millsById } from '../mills/mills.queries.ts';
import { languageOf } from '../users/users.queries.ts';
import { invoiceReportContent } from './invoices.report.ts';
import {
  findInvoice,
  findInvoiceByProviderId,
  insertNumberedInvoice,
  listInvoicesOfMill,
  type InvoiceRow,
  type NewInvoice,
} from './invoices.repository.ts';

/**
 * Invoices a German company can book: our own numbers without gaps (CB-<year>-<five digits>),
 * both parties' details as they were on the day, and the VAT treatment of §14 UStG:
 * - a German buyer pays 19 % VAT;
 * - a business elsewhere in the EU with a VAT number: reverse charge, both VAT numbers shown;
 * - an EU buyer without a VAT number is treated like a German consumer (19 %);
 * - outside the EU: no VAT.
 * The payment provider charges what this decides (the checkout is given the VAT rate).
 */
const GERMAN_VAT_PERCENT = 19;
const SELLER_COUNTRY = 'DE';

export interface BuyerTax {
  /** Whether the company details were filled in: an invoice needs the buyer's address. */
  complete: boolean;
  email: string;
  vatPercent: number;
  treatment: TaxTreatment;
  party: InvoiceParty;
}

function taxTreatmentOf(country: string, vatNumber: string | null): TaxTreatment {
  if (country === SELLER_COUNTRY) return 'domestic';
  if (!(EU_COUNTRIES as readonly string[]).includes(country)) return 'outsideEu';
  return vatNumber ? 'reverseCharge' : 'domestic';
}

export async function taxOfBuyer(db: Db, millId: number): Promise<BuyerTax> {
  const [mill] = await millsById(db, [millId]);
  const company = mill ? await companyById(db, mill.companyId) : null;
  if (!company) throw AppError.notFound('Mill');
  const vatNumber = company.vatNumber || null;
  const treatment = taxTreatmentOf(company.country, vatNumber);
  const party: InvoiceParty = {
    name: company.name,
    street: company.street,
    zipCode: company.zipCode,
    city: company.city,
    country: company.country,
    vatNumber,
    email: company.email,
  };
  return {
    complete: company.companyInfoIsUpdated,
    email: company.email,
    vatPercent: treatment === 'domestic' ? GERMAN_VAT_PERCENT : 0,
    treatment,
    party,
  };
}

/** A paid invoice of the provider becomes ours, once (the mill's lock is held by the caller). */
export async function recordProviderInvoice(
  deps: Pick<AppDeps, 'config'>,
  tx: Db,
  millId: number,
  invoice: ProviderInvoice,
): Promise<void> {
  if (await findInvoiceByProviderId(tx, invoice.id)) return;
  const buyer = await taxOfBuyer(tx, millId);
  const periodStart = invoice.lines[0]?.periodStart ?? invoice.createdAt;
  const periodEnd = invoice.lines.at(-1)?.periodEnd ?? invoice.createdAt;
  await insertNumberedInvoice(
    tx,
    {
      millId,
      providerInvoiceId: invoice.id,
      issuedAt: invoice.createdAt,
      periodStart,
      periodEnd,
      lines: invoice.lines.map((line) => ({ description: line.description, amountCents: line.amountCents })),
      netCents: invoice.subtotalCents,
      vatPercent: buyer.vatPercent,
      vatCents: invoice.taxCents,
      totalCents: invoice.totalCents,
      taxTreatment: buyer.treatment,
      paid: invoice.paid,
      seller: deps.config.invoiceSeller,
      buyer: buyer.party,
    },
    invoice.createdAt.getUTCFullYear(),
  );
}

/** The demo data's invoices: numbered like every other. */
export async function storeNumberedInvoice(tx: Db, invoice: NewInvoice): Promise<void> {
  await insertNumberedInvoice(tx, invoice, invoice.issuedAt.getUTCFullYear());
}

export async function listInvoices(
  deps: AppDeps,
  user: SessionUser,
  millId: number,
  page: { start: number; limit: number },
): Promise<{ count: number; data: Invoice[] }> {
  await authorize(deps.db, user, 'subscription.manage', { millId });
  const { count, rows } = await listInvoicesOfMill(deps.db, millId, page.start, page.limit);
  return { count, data: rows.map(toDto) };
}

/**
 * One invoice as a laid-out PDF in the reader's language: only the mill's admin may read it
 * (subscription.manage), so that is the mill admin's language. The parties are those stored
 * with the invoice (the seller from INVOICE_SELLER on the day it was issued), never today's.
 */
export async function invoicePdf(
  deps: AppDeps,
  user: UserRow,
  invoiceId: number,
): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice?.millId) throw AppError.notFound('Invoice');
  try {
    await authorize(deps.db, user, 'subscription.manage', { millId: invoice.millId });
  } catch (error) {
    // Another mill's invoice answers like a missing one.
    if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound('Invoice');
    throw error;
  }
  return { fileName: `${invoice.number}.pdf`, stream: documentPdf(invoiceReportContent(invoice, languageOf(user))) };
}

function toDto(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    customerEmail: row.buyer.email,
    customerName: row.buyer.name,
    issuedAt: row.issuedAt.toISOString(),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    lines: row.lines,
    netCents: row.netCents,
    vatPercent: row.vatPercent,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    paid: row.paid,
    pdfUrl: `/api/payments/invoices/${row.id}/pdf`,
  };
}
