import { z } from 'zod';
import { lineSchema, textSchema } from './common.ts';
import { companySummarySchema } from './auth.ts';

/** Landing page text is plain text (line breaks kept): nothing a mill writes is ever run as markup. */
export const landingPageDataSchema = z.strictObject({
  landingPageHeader: lineSchema.trim().min(1).max(200),
  landingPageContent: textSchema.trim().min(1).max(10_000),
});

/** What anyone may know of a mill: its public landing page. Staff see the policy flag too. */
export const publicMillSchema = z.object({
  id: z.number(),
  company: companySummarySchema,
  landingPageHeader: z.string(),
  landingPageContent: z.string(),
  needPoliciesApproval: z.boolean().optional(),
});
export type PublicMill = z.infer<typeof publicMillSchema>;

export const millDetailSchema = z.object({
  id: z.number(),
  company: z.object({ id: z.number(), name: z.string(), logo: z.object({ url: z.string() }).nullable() }),
  landingPageHeader: z.string(),
  landingPageContent: z.string(),
  landingPageInfoIsUpdated: z.boolean(),
  needPoliciesApproval: z.boolean(),
  publicUrl: z.string(),
});

export const supportContactBodySchema = z.strictObject({
  topic: lineSchema.trim().min(1).max(200),
  message: textSchema.trim().min(1).max(5000),
});

export const shippingBodySchema = z
  .strictObject({
    shippingAtSameAddress: z.boolean(),
    shippingAddress: z
      .object({
        street: lineSchema.trim().max(200).default(''),
        city: lineSchema.trim().max(100).default(''),
        zipCode: lineSchema.trim().max(10).default(''),
        phone: z
          .string()
          .trim()
          .max(30)
          .regex(/^[0-9]*$/)
          .default(''),
      })
      .default({ street: '', city: '', zipCode: '', phone: '' }),
  })
  .superRefine((value, ctx) => {
    if (value.shippingAtSameAddress) return;
    for (const field of ['street', 'city', 'zipCode'] as const) {
      if (!value.shippingAddress[field]) ctx.addIssue({ code: 'custom', path: ['shippingAddress', field], message: 'required' });
    }
  });

export const labSchema = z.object({
  id: z.number(),
  company: z.object({ id: z.number(), name: z.string() }),
  shippingAtSameAddress: z.boolean(),
  shippingAddress: z.object({ street: z.string(), city: z.string(), zipCode: z.string(), phone: z.string() }),
});

export const onboardingSchema = z.object({
  companyDetails: z.boolean(),
  landingPage: z.boolean(),
  firstClientInvited: z.boolean(),
  licenceKeys: z.boolean(),
  desktopAppAvailable: z.boolean(),
});
