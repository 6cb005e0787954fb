import { z } from 'zod';
import { DEALER_ROLES } from '../constants/roles.ts';
import { bodyIdSchema, emailSchema, lineSchema, textSchema } from './common.ts';
import { listQuerySchema } from './paging.ts';

/**
 * The reseller network (spec manager-dealer §3): dealers in a tree, their users and customers.
 * Field names follow the spec where it names them, so the web forms map one to one.
 */

export const CONFIGURATION_TYPES = ['None', 'FixedJson', 'FixedFile', 'DynamicUrl'] as const;
export type ConfigurationType = (typeof CONFIGURATION_TYPES)[number];

/** The public dealer id ("Reseller Id"): short, printable, no spaces, so it reads well in lists and mails. */
export const dealerCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
/** The public customer id: the same shape as a dealer id. */
export const customerCodeSchema = dealerCodeSchema;

const line = (max = 200) => lineSchema.trim().max(max);
/** An address that may be empty; when given, it must be valid. */
const optionalEmailSchema = z.union([z.literal(''), emailSchema]);
const urlSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]);

export const addressSchema = z.object({
  address1: line().default(''),
  address2: line().default(''),
  address3: line().default(''),
  zipCode: line(20).default(''),
  city: line().default(''),
  district: line().default(''),
  state: line().default(''),
  country: line(100).default(''),
  phone: line(50).default(''),
  email: optionalEmailSchema.default(''),
  webUrl: urlSchema.default(''),
});
export type Address = z.infer<typeof addressSchema>;

export const supportContactSchema = z.object({
  phone: line(50).default(''),
  email: optionalEmailSchema.default(''),
  webUrl: urlSchema.default(''),
  permissions: z
    .object({ showInfoToOutOfMaintenanceUsers: z.boolean().default(false) })
    .default({ showInfoToOutOfMaintenanceUsers: false }),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

export const salesContactSchema = z.object({
  phone: line(50).default(''),
  email: optionalEmailSchema.default(''),
  webUrl: urlSchema.default(''),
});
export type SalesContact = z.infer<typeof salesContactSchema>;

export const dealerPermissionsSchema = z.object({
  subDealerAllowed: z.boolean().default(false),
  ownConfigurationsAllowed: z.boolean().default(false),
  strictModeConfiguration: z.boolean().default(false),
});
export type DealerPermissions = z.infer<typeof dealerPermissionsSchema>;

export const configurationSchema = z.object({
  configurationType: z.enum(CONFIGURATION_TYPES).default('None'),
  /** The JSON text when the type is FixedJson; it must parse (checked by the server: 'Invalid JSON'). */
  fixedConfigJson: textSchema.max(200_000).nullable().default(null),
  dynamicConfigUrlPath: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)])
    .nullable()
    .default(null),
  componentBaseURL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)])
    .nullable()
    .default(null),
  permissions: dealerPermissionsSchema.default({
    subDealerAllowed: false,
    ownConfigurationsAllowed: false,
    strictModeConfiguration: false,
  }),
});
export type DealerConfiguration = z.infer<typeof configurationSchema>;

const emptyAddress = addressSchema.parse({});

// What the API answers: plain values (the input schemas above normalise addresses with a transform,
// which a response schema cannot run backwards).
const plain = <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<K, z.ZodString>);
const addressOutSchema = plain(
  'address1',
  'address2',
  'address3',
  'zipCode',
  'city',
  'district',
  'state',
  'country',
  'phone',
  'email',
  'webUrl',
);
const permissionFlagSchema = z.object({ showInfoToOutOfMaintenanceUsers: z.boolean() });
const configurationOutSchema = z.object({
  configurationType: z.enum(CONFIGURATION_TYPES),
  fixedConfigJson: z.string().nullable(),
  /** The uploaded configuration file of a FixedFile dealer (PUT /dealers/{id}/configuration-file); null before one is uploaded. */
  fixedConfigFile: z.object({ name: z.string() }).nullable(),
  dynamicConfigUrlPath: z.string().nullable(),
  componentBaseURL: z.string().nullable(),
  permissions: z.object({ subDealerAllowed: z.boolean(), ownConfigurationsAllowed: z.boolean(), strictModeConfiguration: z.boolean() }),
});

/** What a dealer form sends. `parentDealerId` counts only on creation: a dealer never moves in the tree. */
export const dealerBodySchema = z.strictObject({
  dealerId: dealerCodeSchema,
  name: line().min(1),
  /** Absent or null: a root dealer (on creation), the parent unchanged (on saving). */
  parentDealerId: bodyIdSchema.nullable().optional(),
  email: optionalEmailSchema.default(''),
  dealerContact: addressSchema.default(emptyAddress),
  supportContact: supportContactSchema.default(supportContactSchema.parse({})),
  salesContact: salesContactSchema.default(salesContactSchema.parse({})),
  configuration: configurationSchema.default(configurationSchema.parse({})),
  /** Saving a changed email of a dealer with a linked user needs this confirmation (spec §4). */
  confirmEmailChange: z.boolean().default(false),
});
export type DealerBody = z.infer<typeof dealerBodySchema>;

export const dealerSchema = z.object({
  id: z.number(),
  dealerId: z.string(),
  name: z.string(),
  parentDealerId: z.number().nullable(),
  parentDealerName: z.string().nullable(),
  email: z.string(),
  /** The user the dealer's invitation created (spec: userId); null before the first invitation. */
  userId: z.number().nullable(),
  logo: z.object({ url: z.string() }).nullable(),
  isRoot: z.boolean(),
  dealerContact: addressOutSchema,
  supportContact: plain('phone', 'email', 'webUrl').extend({ permissions: permissionFlagSchema }),
  salesContact: plain('phone', 'email', 'webUrl'),
  configuration: configurationOutSchema,
  createdAt: z.string(),
});
export type Dealer = z.infer<typeof dealerSchema>;

/** A row of the dealer list: what the list column and the search need. */
export const dealerSummarySchema = dealerSchema
  .pick({ id: true, dealerId: true, name: true, email: true, userId: true, parentDealerId: true, isRoot: true })
  // The parent's Reseller Id, for the manager's list column (the parent is often on another page).
  .extend({ parentDealerCode: z.string().nullable() });
export type DealerSummary = z.infer<typeof dealerSummarySchema>;

export const DEALER_SORT_FIELDS = ['created_at', 'dealerId', 'name', 'email'] as const;
export const dealerListQuerySchema = listQuerySchema(DEALER_SORT_FIELDS, 'dealerId:asc');

/** The invite dialog: one address (spec §5). A dealer with a linked user needs `confirm`. */
export const dealerInvitationBodySchema = z.strictObject({
  email: emailSchema,
  confirm: z.boolean().default(false),
});

// Dealer users (spec §3 Dealer user).

export const dealerUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(DEALER_ROLES),
  dealerId: z.number(),
  dealerName: z.string(),
  blocked: z.boolean(),
  /** False until the user chose a password through the invitation. */
  confirmed: z.boolean(),
});
export type DealerUser = z.infer<typeof dealerUserSchema>;

export const DEALER_USER_SORT_FIELDS = ['created_at', 'firstName', 'lastName', 'email', 'role'] as const;
export const dealerUserListQuerySchema = listQuerySchema(DEALER_USER_SORT_FIELDS, 'lastName:asc').extend({
  dealerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const dealerUserBodySchema = z.strictObject({
  firstName: line(100).min(1),
  lastName: line(100).min(1),
  email: emailSchema,
  role: z.enum(DEALER_ROLES),
  /** Every dealer user works for one dealer (spec §5: required for role dealer; here for both). */
  dealerId: bodyIdSchema,
  blocked: z.boolean().default(false),
});
export type DealerUserBody = z.infer<typeof dealerUserBodySchema>;

// Dealer customers (spec §3 Dealer customer).

export const customerInfoSchema = z.object({
  customerId: customerCodeSchema,
  title: line(50).default(''),
  salutation: line(50).default(''),
  firstName: line(100).min(1),
  lastName: line(100).min(1),
  position: line(100).default(''),
  company: line().min(1),
  contactInformation: addressSchema.default(emptyAddress),
  permissions: z
    .object({ showInfoToOutOfMaintenanceUsers: z.boolean().default(false) })
    .default({ showInfoToOutOfMaintenanceUsers: false }),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export const dealerCustomerBodySchema = z.strictObject({
  /** Only the manager picks the dealer; a dealer user's customers default to its own dealer. */
  dealerId: bodyIdSchema.optional(),
  customerInfo: customerInfoSchema,
});
export type DealerCustomerBody = z.infer<typeof dealerCustomerBodySchema>;

export const dealerCustomerSchema = z.object({
  dealerCustomerId: z.number(),
  dealerInfo: z.object({ id: z.number(), dealerId: z.string(), dealerName: z.string() }),
  customerInfo: plain('customerId', 'title', 'salutation', 'firstName', 'lastName', 'position', 'company').extend({
    id: z.number(),
    contactInformation: addressOutSchema,
    permissions: permissionFlagSchema,
  }),
  createdAt: z.string(),
});
export type DealerCustomer = z.infer<typeof dealerCustomerSchema>;

export const DEALER_CUSTOMER_SORT_FIELDS = ['created_at', 'customerId', 'lastName', 'company'] as const;
export const dealerCustomerListQuerySchema = listQuerySchema(DEALER_CUSTOMER_SORT_FIELDS, 'created_at:desc').extend({
  dealerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** `false` lists the dealer's own customers only (spec §7). */
  showSubDealerCustomers: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export const customerUniqueParamsSchema = z.object({ customerId: z.string().trim().min(1).max(40) });
export const customerUniqueResponseSchema = z.object({ customerExists: z.boolean() });
