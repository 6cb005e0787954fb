import { z } from 'zod';
import { LICENCE_KEY_PATTERN } from '../constants/licence-key.ts';
import { bodyIdSchema, idSchema, lineSchema, textSchema } from './common.ts';
import { listQuerySchema } from './paging.ts';

/**
 * Licence tickets (spec manager-dealer §3 Dealer ticket, Licence ticket summary and rows, Licence
 * content; §5 ticket format and external id; §7 Tickets).
 */

/** A ticket key as people type it: trimmed and upper-cased, then 5×5 (spec §5, 'Invalid Key Format'). */
export const ticketKeySchema = z
  .string()
  .max(60)
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(LICENCE_KEY_PATTERN, 'Invalid Key Format'));

/** A real calendar day (no 2026-02-30), in years the database's date column takes. */
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'a date that exists, from 1900 on');
const shortText = lineSchema.max(200);

/** Spec §3 Licence ticket summary. */
export const licenceSummarySchema = z.object({
  ticketId: z.string(),
  dongleId: shortText,
  productName: shortText,
  licenseExp: dateText.nullable(),
  maintenanceExp: dateText.nullable(),
  isNetwork: z.boolean(),
  isCommercial: z.boolean(),
});

/** Spec §3 Licence rows (active and ordered licences). */
export const licenceRowSchema = z.object({
  code: shortText,
  itemId: shortText,
  name: shortText,
  licenseExp: dateText.nullable(),
  featureMapBinarySetBits: shortText,
  permissions: shortText,
  information: textSchema.max(2000),
  formerDongleNo: shortText,
  maintenanceExp: dateText.nullable(),
});
export type LicenceRow = z.infer<typeof licenceRowSchema>;

export interface LicenceDetail {
  code: string;
  enable: boolean;
  name: string;
  productCode: string;
  count: number;
  expiryaDate: string | null;
  epd: string;
  children?: LicenceDetail[];
}

/** How deep a licence details tree goes: product, module, option, feature, and one spare. */
export const LICENCE_DETAIL_DEPTH = 5;

/**
 * Spec §3 Detail rows, a tree of codes with children. Built to a fixed depth rather than as a
 * recursive schema, so the OpenAPI document and its fuzz test see plain nested objects.
 */
function licenceDetailSchema(depth: number): z.ZodType<LicenceDetail> {
  const node = z.object({
    code: shortText,
    enable: z.boolean(),
    name: shortText,
    productCode: shortText,
    count: z.number().int().min(0).max(1_000_000),
    expiryaDate: dateText.nullable(),
    epd: shortText,
  });
  return depth <= 1
    ? node
    : node.extend({
        children: z
          .array(licenceDetailSchema(depth - 1))
          .max(200)
          .optional(),
      });
}

/** Spec §3 Licence content: what the public lookup shows, and what the licence server pushes. */
export const licenceContentSchema = z.object({
  mainProductInfo: licenceSummarySchema.omit({ ticketId: true }),
  activationLicenses: z.array(licenceRowSchema).max(500),
  orderedLicenses: z.array(licenceRowSchema).max(500),
  licenseDetails: z.array(licenceDetailSchema(LICENCE_DETAIL_DEPTH)).max(500),
  nonExpandables: z.array(licenceRowSchema).max(500),
});
export type LicenceContent = z.infer<typeof licenceContentSchema>;

/** The answer of every content lookup: the summary (with the key) and the content; nothing else. */
export const licenceContentResponseSchema = z.object({
  mainProductInfo: licenceSummarySchema,
  activationLicenses: z.array(licenceRowSchema),
  orderedLicenses: z.array(licenceRowSchema),
  licenseDetails: z.array(licenceDetailSchema(LICENCE_DETAIL_DEPTH)),
  nonExpandables: z.array(licenceRowSchema),
});
export type LicenceContentResponse = z.infer<typeof licenceContentResponseSchema>;

export const licenceLookupBodySchema = z.strictObject({ ticketId: ticketKeySchema });

/** Spec §4: a ticket without an expiry shows dashes, an expired one EXPIRED, others the days left. */
export const TICKET_STATUSES = ['unlimited', 'active', 'expired'] as const;

/** One row of the ticket desk (spec §3 Dealer ticket, in our words: `key` is the spec's ticketId). */
export const dealerTicketSchema = z.object({
  id: z.number(),
  key: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** Whole days until the licence expires (negative once expired); null without an expiry. */
  expiryInDays: z.number().nullable(),
  licenceExpiry: z.string().nullable(),
  maintenanceExpiry: z.string().nullable(),
  productText: z.string(),
  dealer: z.object({ id: z.number(), dealerCode: z.string(), name: z.string(), parentId: z.number().nullable() }).nullable(),
  customer: z.object({ id: z.number(), customerId: z.string(), name: z.string() }).nullable(),
  externalCustomerId: z.string(),
  description: z.string(),
  archived: z.boolean(),
  hasContent: z.boolean(),
  /**
   * The mill that signed up with this ticket as its activation key (issue 14, the ticket as the
   * thread through the product); null while the key is unused. Optional so older callers and
   * fixtures that never knew it stay valid.
   */
  signedUpMill: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});
export type DealerTicket = z.infer<typeof dealerTicketSchema>;

/** Spec §2: `ticketId` is the ticket's 5×5 key (the default sort); `id` is its row (spec dealerTicketId). */
export const TICKET_SORT_FIELDS = ['ticketId', 'id', 'licenceExpiry', 'maintenanceExpiry', 'dealer', 'customer'] as const;
export const ARCHIVE_FILTERS = ['all', 'active', 'archived'] as const;

/** Spec §7 `POST /v2/dealer-tickets`: paging, `_sort=column:order` (default ticket id ascending), `_q` search, dealer, archive filter. */
export const ticketListQuerySchema = listQuerySchema(TICKET_SORT_FIELDS, 'ticketId:asc').extend({
  dealerId: idSchema.optional(),
  archived: z.enum(ARCHIVE_FILTERS).default('all'),
});

export const ticketDealerSchema = z.object({ id: z.number(), dealerCode: z.string(), name: z.string() });
export const ticketDealersResponseSchema = z.object({ data: z.array(ticketDealerSchema) });

/** Assign a customer of the ticket's dealer's subtree, or null to clear it. */
export const ticketCustomerBodySchema = z.strictObject({ dealerCustomerId: bodyIdSchema.nullable() });
/** Move the ticket to another dealer of one's subtree; its customer is reset (spec §4). */
export const ticketDealerBodySchema = z.strictObject({ dealerId: bodyIdSchema });
/** Spec fmCustomerId and fmCustomerDescription; root dealers and the manager only (spec §2, §5). */
export const ticketExternalBodySchema = z.strictObject({ externalCustomerId: shortText.trim(), description: textSchema.max(1000) });
export const ticketArchiveBodySchema = z.strictObject({ archived: z.boolean() });

/** The largest batch one archive call takes (one statement). */
export const MAX_TICKET_BATCH = 1000;
export const ticketBatchArchiveBodySchema = z.strictObject({
  ticketIds: z.array(bodyIdSchema).min(1).max(MAX_TICKET_BATCH),
  archived: z.boolean(),
});
/** How many tickets changed state; ids outside one's subtree or already in that state do not count. */
export const ticketBatchResponseSchema = z.object({ changed: z.number() });

/** One ticket as the licence server pushes it; `dealerCode` is the dealer's public id (Reseller Id). */
export const pushedTicketSchema = z.strictObject({
  key: ticketKeySchema,
  dealerCode: lineSchema.trim().min(1).max(40),
  content: licenceContentSchema,
});
export const MAX_TICKET_PUSH = 1000;
export const ticketPushBodySchema = z.strictObject({ tickets: z.array(pushedTicketSchema).min(1).max(MAX_TICKET_PUSH) });
export const ticketPushResponseSchema = z.object({ created: z.number(), updated: z.number() });

/** A ticket named by its key in a path, for the dealer's lookup by key (`/dealer/license/info?licenseKey=…`). */
export const ticketKeyParamsSchema = z.object({ key: ticketKeySchema });

/**
 * Spec §3 Customer registration record (from a ticket): the ticket's customer as the software's
 * registration sees it, in the spec's field names, with the product of the ticket.
 */
export const ticketRegistrationSchema = z.object({
  salutation: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  position: z.string(),
  company: z.string(),
  zipcode: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  address_3: z.string(),
  productid: z.string(),
});
export type TicketRegistration = z.infer<typeof ticketRegistrationSchema>;

/**
 * The active product details of a ticket (spec §7 active-product-details): its activated
 * licences. An empty `data` is "No active product detail".
 */
export const activeProductResponseSchema = z.object({
  ticketId: z.string(),
  productName: z.string(),
  data: z.array(licenceRowSchema),
});
export type ActiveProductResponse = z.infer<typeof activeProductResponseSchema>;
