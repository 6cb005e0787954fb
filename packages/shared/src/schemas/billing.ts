import { z } from 'zod';
import { bodyIdSchema, idSchema, lineSchema } from './common.ts';

/**
 * The paid contract (spec §3 contract type, promotion, add-on, invoice, usage statistic; §7
 * payment calls). Money is always integer euro cents; only the screen divides by 100.
 */
/** A party named on an invoice (seller or buyer), as it was on the invoice's day. */
export interface InvoiceParty {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  country: string;
  vatNumber: string | null;
  email: string;
}

export const PLAN_KEYS = ['basic', 'essential', 'enterprise', 'custom'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The provider's price lookup key of the plan a manager tailors for one mill (spec §3). */
export const CUSTOM_PLAN_LOOKUP_KEY = 'pr_custom_plan';

const centsSchema = z.number().int().min(0).max(100_000_000);

export const contractTypeSchema = z.object({
  id: z.enum(PLAN_KEYS),
  name: z.string(),
  priceCents: z.number(),
  lookupKey: z.string(),
  maxOrdersCount: z.number(),
  allowedClients: z.number(),
  storageMb: z.number(),
  support: z.boolean(),
  filesKeepDays: z.number(),
});
export type ContractType = z.infer<typeof contractTypeSchema>;

export const promotionSchema = z.object({
  planId: z.enum(PLAN_KEYS),
  description: z.string(),
  value: z.number(),
  isPercentage: z.boolean(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const contractTypesResponseSchema = z.object({ data: z.array(contractTypeSchema), promotions: z.array(promotionSchema) });

/** Spec §9: a percentage promotion multiplies the price by the value percent; otherwise the value (cents) is subtracted. */
export function promotedPriceCents(priceCents: number, promotion: Pick<Promotion, 'value' | 'isPercentage'>): number {
  const promoted = promotion.isPercentage ? Math.round((priceCents * promotion.value) / 100) : priceCents - promotion.value;
  return Math.max(0, promoted);
}

export const addOnSchema = z.object({ key: z.string(), value: z.number(), priceCents: z.number() });
export type AddOn = z.infer<typeof addOnSchema>;

/**
 * What a file-retention warning (notification type filesExpiring) announces, as its message
 * carries it in JSON: how many files, uploaded before which instant, are deleted from which day
 * on (files of an order with an Open component are kept). Read back by the job and by the web app.
 */
export const filesExpiringNoticeSchema = z.object({
  files: z.number().int(),
  uploadedBefore: z.iso.datetime(),
  deleteOn: z.iso.datetime(),
});
export type FilesExpiringNotice = z.infer<typeof filesExpiringNoticeSchema>;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;

/** A mill's contract as the contract page and the header show it. */
export const subscriptionSchema = z.object({
  millId: z.number(),
  /** The plan in force, with a custom plan's own price and limits. */
  contractType: contractTypeSchema,
  /**
   * The net monthly price this mill pays for its plan: its subscription's own price, which a
   * promotion or a later price change for new subscriptions does not move; 0 on basic.
   */
  chargedPriceCents: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  /** "Subscription ends at": set while a paid plan is cancelled at its period's end. */
  subscriptionCancelDate: z.string().nullable(),
  /** The terms the manager offers this mill as its custom plan, if any. */
  customContract: z.object({ priceCents: z.number(), maxOrdersCount: z.number(), allowedClients: z.number() }).nullable(),
  addOn: addOnSchema.nullable(),
  /** Orders submitted in the current period (the header's donut). */
  millOrderStat: z.object({ ordersCreated: z.number() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const agreementsSchema = { policyAgreement: z.literal(true), dataProcessingAgreement: z.literal(true) };

export const checkoutBodySchema = z.strictObject({
  millId: bodyIdSchema,
  lookupKey: lineSchema.min(1).max(100),
  ...agreementsSchema,
});

export const checkoutResponseSchema = z.object({ statusCode: z.number(), sessionId: z.string(), url: z.string() });

export const paymentSuccessBodySchema = z.strictObject({ sessionId: lineSchema.min(1).max(200) });

export const changePlanBodySchema = z.strictObject({ millId: bodyIdSchema, lookupKey: lineSchema.min(1).max(100) });

export const resumeBodySchema = z.strictObject({ millId: bodyIdSchema, ...agreementsSchema });

export const millQuerySchema = z.object({ millId: idSchema });

export const addOnBodySchema = z.strictObject({
  millId: bodyIdSchema,
  ...agreementsSchema,
  /** The add-on's key; null returns to the plan's own retention. */
  filesKeepDurationKey: lineSchema.min(1).max(100).nullable(),
});

export const millAddOnsResponseSchema = z.object({ filesKeepDurationKey: z.string().nullable(), addOns: z.array(addOnSchema) });

/** The invoices list (also the billing history), a page at a time, newest first. */
export const invoiceListQuerySchema = z.object({
  millId: idSchema,
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  customerEmail: z.string(),
  customerName: z.string(),
  issuedAt: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number() })),
  netCents: z.number(),
  vatPercent: z.number(),
  vatCents: z.number(),
  totalCents: z.number(),
  paid: z.boolean(),
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** How VAT applies to a buyer (§14 UStG): German VAT, reverse charge for an EU business, none outside the EU. */
export const TAX_TREATMENTS = ['domestic', 'reverseCharge', 'outsideEu'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The next invoice, with the same net, VAT and total as the invoice it becomes (net + VAT = total). */
export const upcomingInvoiceSchema = z.object({
  upcomingInvoice: z
    .object({
      lines: z.array(z.object({ description: z.string(), amountCents: z.number(), periodStart: z.string(), periodEnd: z.string() })),
      netCents: z.number(),
      vatPercent: z.number(),
      vatCents: z.number(),
      taxTreatment: z.enum(TAX_TREATMENTS),
      totalCents: z.number(),
      amountDueCents: z.number(),
      nextPaymentAttempt: z.string().nullable(),
    })
    .nullable(),
});
export type UpcomingInvoice = z.infer<typeof upcomingInvoiceSchema>['upcomingInvoice'];

export const redirectResponseSchema = z.object({ statusCode: z.number(), url: z.string() });

export const USAGE_NAMES = ['orders', 'clients', 'storage'] as const;

/** Spec §3 usage statistic; storage is counted in megabytes. */
export const usageStatSchema = z.object({ name: z.enum(USAGE_NAMES), used: z.number(), limit: z.number(), percentage: z.number() });
export type UsageStat = z.infer<typeof usageStatSchema>;
export const usageResponseSchema = z.object({ data: z.array(usageStatSchema) });

/** Spec §4: the share of the limit in use, capped at 100; the donut turns to danger above 80. */
export function usagePercentage(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}
export const USAGE_DANGER_PERCENT = 80;

const limitSchema = z.number().int().min(0).max(1_000_000_000);

/** The manager changes a plan's price and limits; they apply at once to every mill on it. */
export const planUpdateBodySchema = z.strictObject({
  priceCents: centsSchema,
  maxOrdersCount: limitSchema,
  allowedClients: limitSchema,
  storageMb: limitSchema,
  support: z.boolean(),
  filesKeepDays: z.number().int().min(1).max(36_500),
});

/** The manager's custom plan for one mill (spec §3 customContract); null withdraws the offer. */
export const customContractBodySchema = z.strictObject({
  customContract: z.strictObject({ priceCents: centsSchema, maxOrdersCount: limitSchema, allowedClients: limitSchema }).nullable(),
});

/** The built-in test provider's checkout page. */
export const testCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  description: z.string(),
  amountCents: z.number(),
  customerEmail: z.string(),
  cancelUrl: z.string(),
});
export const testCardBodySchema = z.strictObject({
  cardNumber: z
    .string()
    .max(30)
    .regex(/^[0-9 ]+$/, 'digits only'),
  expiry: z
    .string()
    .max(7)
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?[0-9]{2}$/, 'MM/YY'),
  cvc: z.string().regex(/^[0-9]{3,4}$/, '3 or 4 digits'),
  name: lineSchema.trim().min(1).max(100),
});
export const testPayResponseSchema = z.object({ outcome: z.enum(['paid', 'declined']), redirectUrl: z.string() });
