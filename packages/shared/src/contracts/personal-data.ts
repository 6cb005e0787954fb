import { z } from 'zod';
import { messageResponseSchema } from '../schemas/common.ts';
import { dataExportStateSchema, dataExportTokenParamsSchema, deleteAccountBodySchema } from '../schemas/personal-data.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema } from './core.ts';

/** A user's own personal data (issue 28 part 4): the export by job and mail, and the account's deletion. */
const tags = ['account'] as const;

export const dataExportState = defineEndpoint({
  method: 'GET',
  path: '/users/me/data-export',
  summary: 'My latest data export: requested, ready (mailed), expired or failed',
  tags,
  access: 'personalData.export',
  responses: { 200: dataExportStateSchema, ...commonRefusals },
});

export const requestDataExport = defineEndpoint({
  method: 'POST',
  path: '/users/me/data-export',
  summary: 'Ask for a ZIP of everything the portal holds about me; a mail brings a single-use link when it is ready',
  tags,
  access: 'personalData.export',
  query: localeQuerySchema,
  // 409: an export is being built already; 429: too many exports asked for today.
  responses: { 200: dataExportStateSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const downloadDataExport = defineEndpoint({
  method: 'GET',
  path: '/users/me/data-export/:token',
  summary: 'Download my data export (application/zip) once, with the token of the mailed link',
  tags,
  access: 'personalData.export',
  params: dataExportTokenParamsSchema,
  // 200 is the ZIP's bytes; 404: not a link of the caller's; 410: used already, or expired.
  responses: { 200: z.unknown(), ...commonRefusals, 410: errorResponseSchema },
});

export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/users/me',
  summary: 'Delete my account: personal fields erased or pseudonymised, every session ended',
  tags,
  access: 'account.delete',
  body: deleteAccountBodySchema,
  // 409: the last administrator of a mill cannot leave it without one, nor the last manager the platform.
  responses: { 200: messageResponseSchema, ...commonRefusals, 409: errorResponseSchema },
});
