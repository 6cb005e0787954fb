import { z } from 'zod';
import { companyInfoDataSchema, companySchema } from '../schemas/account.ts';
import { idSchema } from '../schemas/common.ts';
import { commonRefusals, defineEndpoint, uploadRefusals } from './core.ts';

/**
 * A company's record (spec §5 company details): one's own, read and changed on the account page,
 * and a client lab's, read by its mill. Its email is no sign-in address and need not be unique, so
 * no change is refused as taken (no 409); a paying mill's changed country is a 400 on `country`.
 */
const companyParams = z.object({ id: idSchema });

export const getCompany = defineEndpoint({
  method: 'GET',
  path: '/companies/:id',
  summary: 'A company (own, or a client lab of one of your mills)',
  tags: ['companies'],
  access: 'company.read',
  params: companyParams,
  responses: { 200: companySchema, ...commonRefusals },
});

export const updateCompany = defineEndpoint({
  method: 'PUT',
  path: '/companies/:id',
  summary: 'Update your company (multipart: data JSON, files.logo)',
  tags: ['companies'],
  access: 'company.update',
  params: companyParams,
  multipart: { file: 'logo', data: companyInfoDataSchema },
  // 413: the logo is over the image size limit.
  responses: { 200: companySchema, ...uploadRefusals },
});

export const getOwnCompany = defineEndpoint({
  method: 'GET',
  path: '/users/companyInfo',
  summary: "The signed-in user's company",
  description: 'Someone without a company of their own (the manager) gets a 404.',
  tags: ['account'],
  access: 'company.read',
  responses: { 200: companySchema, ...commonRefusals },
});

export const updateOwnCompany = defineEndpoint({
  method: 'PUT',
  path: '/users/companyInfo',
  summary: 'Update the company details',
  description: 'multipart/form-data: a `data` field with JSON and an optional image file (files.logo)',
  tags: ['account'],
  access: 'company.update',
  multipart: { file: 'logo', data: companyInfoDataSchema },
  // 413: the logo is over the image size limit.
  responses: { 200: companySchema, ...uploadRefusals },
});
