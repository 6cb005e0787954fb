import { z } from 'zod';
import { EU_COUNTRIES } from '../constants/countries.ts';
import { isValidVatNumber } from '../constants/vat.ts';
import { bodyIdSchema, emailSchema, lineSchema } from './common.ts';
import { languageSchema, userSettingsSchema } from './auth.ts';

export const profileDataSchema = z.strictObject({
  firstName: lineSchema.trim().min(1).max(100),
  lastName: lineSchema.trim().min(1).max(100),
  email: emailSchema,
  /** Needed only when `email` changes: the address is how an account is recovered (ASVS 5.0 7.5.1). */
  currentPassword: z.string().max(1024).optional(),
});

export const settingsBodySchema = userSettingsSchema.partial().strict();
export const languageBodySchema = z.object({ language: languageSchema });

export function isVatCountry(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(country);
}

/** Company form of spec §5; the VAT rule depends on the country, so it is a refinement. */
export const companyInfoDataSchema = z
  .strictObject({
    name: lineSchema.trim().min(1).max(200),
    email: emailSchema,
    web: lineSchema.trim().max(200).optional().default(''),
    contactPerson: lineSchema.trim().max(200).optional().default(''),
    vatNumber: z
      .string()
      .trim()
      .max(20)
      .regex(/^[A-Za-z0-9]*$/)
      .optional()
      .default(''),
    taxId: lineSchema.trim().max(40).optional().default(''),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/),
    state: lineSchema.trim().max(100).optional().default(''),
    street: lineSchema.trim().min(1).max(200),
    city: lineSchema.trim().min(1).max(100),
    zipCode: lineSchema.trim().min(1).max(10),
    phone: z
      .string()
      .trim()
      .min(1)
      .max(30)
      .regex(/^[0-9]+$/),
  })
  .superRefine((value, ctx) => {
    if (!isVatCountry(value.country)) return;
    if (value.vatNumber.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'VAT number is required in this country' });
    } else if (!isValidVatNumber(value.country, value.vatNumber)) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: 'Invalid VAT Number' });
    }
  });
export type CompanyInfoData = z.infer<typeof companyInfoDataSchema>;

export const companySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  web: z.string(),
  contactPerson: z.string(),
  vatNumber: z.string(),
  taxId: z.string(),
  logo: z.object({ url: z.string(), name: z.string() }).nullable(),
  address: z.object({
    country: z.string(),
    state: z.string(),
    street: z.string(),
    city: z.string(),
    zipCode: z.string(),
    phone: z.string(),
  }),
  companyInfoIsUpdated: z.boolean(),
  /** Spec §5: a mill on a non-basic plan keeps its country (its invoices' VAT depends on it). */
  countryLocked: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

export const notificationSchema = z.object({
  notificationId: z.number(),
  notificationType: z.enum(['newProjectCreated', 'newMessageReceived', 'planLimitReached', 'filesExpiring']),
  objectId: z.number(),
  parentObjectId: z.number().nullable(),
  message: z.string(),
  isRead: z.boolean(),
  millId: z.number().nullable(),
  createdAt: z.string(),
  /** The order and component it is about, to name them on its card (null where there is none). */
  orderId: z.number().nullable(),
  orderName: z.string().nullable(),
  componentId: z.number().nullable(),
  componentName: z.string().nullable(),
});
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export const markReadBodySchema = z.object({
  notificationIds: z.array(bodyIdSchema).min(1).max(500),
  read: z.boolean(),
});

export const policyDocumentsResponseSchema = z.object({
  termsOfService: z.object({ en: z.string().nullable(), de: z.string().nullable() }),
  dataProcessing: z.object({ en: z.string().nullable(), de: z.string().nullable() }),
});
export type PolicyDocuments = z.infer<typeof policyDocumentsResponseSchema>;
