import { z } from 'zod';
import { LANGUAGES } from '../constants/languages.ts';
import { MILL_ROLES, ROLE_TYPES, DEALER_ROLES } from '../constants/roles.ts';
import { PAGE_SIZES } from '../constants/paging.ts';
import { emailSchema, fileRefSchema, idSchema, lineSchema, newPasswordSchema, oneTimeTokenSchema } from './common.ts';

export const languageSchema = z.enum(LANGUAGES);

/** How many days before a ticket expires its reminder starts, and how often it repeats (spec §2 dealer settings). */
export const REMINDER_LEAD_DAYS = [5, 10, 15, 30] as const;
export const REMINDER_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

export const userSettingsSchema = z.object({
  language: languageSchema,
  pageSize: z.union(PAGE_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]]),
  notificationOnNewMessageReceived: z.boolean(),
  sendEmailOnNewMessageReceived: z.boolean(),
  notificationOnNewProjectIsCreated: z.boolean(),
  sendEmailOnNewProjectIsCreated: z.boolean(),
  notificationOnOrderProcessStart: z.boolean(),
  notificationOnOrderProcessCompleted: z.boolean(),
  projectDownloadFolderStructure: z.enum(['flat', 'hierarchical']),
  /** A country code whose date format reports use (spec §9: default de). */
  reportDateFormat: z.string().regex(/^[a-z]{2}$/),
  /** A dealer user's ticket-expiry reminders (manager-dealer §2 dealer settings): on or off, how many days ahead, how often. */
  ticketExpiryReminder: z.boolean(),
  ticketExpiryReminderDays: z.union(REMINDER_LEAD_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]]),
  ticketExpiryReminderFrequency: z.enum(REMINDER_FREQUENCIES),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const companySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: fileRefSchema,
});

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  language: languageSchema,
  avatar: fileRefSchema,
  blocked: z.boolean(),
  confirmed: z.boolean(),
  role: z.object({ type: z.enum(ROLE_TYPES), name: z.string() }),
  company: companySummarySchema.nullable(),
  companyInfoIsUpdated: z.boolean(),
  userSettings: userSettingsSchema,
});
export type User = z.infer<typeof userSchema>;

export const MILL_BLOCKERS = ['operator', 'mill', 'system'] as const;
export type MillBlocker = (typeof MILL_BLOCKERS)[number];

/** A mill as it appears in a user's mill list (the mill selector). */
export const millSummarySchema = z.object({
  id: z.number(),
  company: companySummarySchema,
  /** The signed-in user's role in this mill; null for lab users (clients of the mill). */
  millRole: z.enum(MILL_ROLES).nullable(),
  /**
   * The rule book's actions about this mill and its orders (as `millUsers.manage`) that the user's
   * role here gives: staff by their role in this mill, a lab as its client. The web app reads the
   * selected mill's. Blocks are not taken off (`blocked`, `blockedBy` say them).
   */
  actions: z.array(z.string()),
  isActive: z.boolean(),
  needPoliciesApproval: z.boolean(),
  landingPageInfoIsUpdated: z.boolean(),
  blocked: z.boolean(),
  /**
   * Who blocks, as this user is concerned (spec §2 tooltip): the operator blocked the mill, or, for
   * a lab, the mill blocked this lab or the system blocked this lab's access to the mill. Null when
   * not blocked.
   */
  blockedBy: z.enum(MILL_BLOCKERS).nullable(),
  /** The reason the operator gives everyone but the mill's staff (spec §2: "the block reason to others"). */
  blockReason: z.string().nullable(),
  /** The operator's message to the blocked mill, its client: for the mill's staff only, null for anyone else. */
  blockedMillClientMessage: z.string().nullable(),
});
export type MillSummary = z.infer<typeof millSummarySchema>;

export const dealerSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  parentId: z.number().nullable(),
  dealerRole: z.enum(DEALER_ROLES),
});

export const sessionSchema = z.object({
  user: userSchema,
  mills: z.array(millSummarySchema),
  ordersCount: z.number(),
  dealer: dealerSummarySchema.nullable(),
  /**
   * The rule book's actions (as `tickets.assign`) the user may take in their own tenant: a dealer
   * user's on its own dealer, with the conditions of its kind of dealer decided (a sub-dealer, say,
   * assigns no customers). Buttons, locks and read-only states read this instead of copying rules.
   * Mill staff and labs find the actions about one mill in that mill's `actions` (their role
   * differs per mill); here only the rest (their account, their company).
   */
  actions: z.array(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;

export const authResponseSchema = sessionSchema.extend({ jwt: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginBodySchema = z.object({
  identifier: emailSchema,
  password: z.string().min(1).max(1024),
  linkToAnExistingAccount: z.boolean().optional(),
  confirmationToken: oneTimeTokenSchema.optional(),
  invitedMillId: idSchema.optional(),
});

export const registerBodySchema = z.strictObject({
  firstName: lineSchema.trim().min(1).max(100),
  lastName: lineSchema.trim().min(1).max(100),
  email: emailSchema,
  password: newPasswordSchema,
  activationKey: lineSchema.trim().min(1).max(64),
  policyAgreement: z.literal(true),
  dataProcessingAgreement: z.literal(true),
  promotionsOptOut: z.boolean().default(false),
  language: languageSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const emailConfirmationQuerySchema = z.object({ confirmation: oneTimeTokenSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  code: oneTimeTokenSchema,
  password: newPasswordSchema,
  passwordConfirmation: z.string().max(1024),
});
export const checkUniqueEmailBodySchema = z.object({ email: emailSchema });
export const checkUniqueEmailResponseSchema = z.object({ emailIsTaken: z.boolean() });

export const accountCreationBodySchema = z.object({
  identifier: emailSchema,
  password: newPasswordSchema,
  companyName: lineSchema.trim().min(1).max(200).optional(),
  confirmationToken: oneTimeTokenSchema,
  millId: idSchema,
});
export const userEmailByTokenBodySchema = z.object({ confirmationToken: oneTimeTokenSchema });
export const userEmailByTokenResponseSchema = z.object({
  emailByConfirmationToken: z.string(),
  roleType: z.enum(ROLE_TYPES),
  /** The invited address already has an active account: the invitation is accepted by signing in. */
  accountExists: z.boolean(),
});
export const resendConfirmationBodySchema = z.object({ confirmationToken: oneTimeTokenSchema, email: emailSchema });
export const linkToAccountBodySchema = z.object({ confirmationToken: oneTimeTokenSchema, millId: idSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  password: newPasswordSchema,
  passwordConfirmation: z.string().max(1024),
});

/** A new password and its confirmation agree; the server answers PASSWORDS_DO_NOT_MATCH otherwise. */
export function passwordsMatch(value: { password: string; passwordConfirmation: string }): boolean {
  return value.password === value.passwordConfirmation;
}
