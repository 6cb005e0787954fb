import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import {
  dealerBodySchema,
  dealerInvitationBodySchema,
  dealerListQuerySchema,
  dealerSchema,
  dealerSummarySchema,
} from '../schemas/dealers.ts';
import { listResponseSchema } from '../schemas/paging.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema, localeQuerySchema, uploadRefusals } from './core.ts';

/** The reseller tree (spec manager-dealer §7 Dealers): the manager sees all, a dealer user its subtree. */
const tags = ['dealers'] as const;
const dealerParams = z.object({ id: idSchema });

export const listDealers = defineEndpoint({
  method: 'GET',
  path: '/dealers',
  summary: 'Dealers one sees, searchable and paged',
  tags,
  access: 'dealers.list',
  query: dealerListQuerySchema,
  responses: { 200: listResponseSchema(dealerSummarySchema), ...commonRefusals },
});

export const createDealer = defineEndpoint({
  method: 'POST',
  path: '/dealers',
  summary: 'Create a root dealer (manager) or a sub-dealer',
  tags,
  access: 'dealer.create',
  body: dealerBodySchema,
  // 409: the Reseller Id (DEALER_ID_TAKEN) or the invited address (EMAIL_TAKEN) is taken.
  responses: { 200: dealerSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const getDealer = defineEndpoint({
  method: 'GET',
  path: '/dealers/:id',
  summary: 'One dealer',
  tags,
  access: 'dealer.read',
  params: dealerParams,
  responses: { 200: dealerSchema, ...commonRefusals },
});

export const updateDealer = defineEndpoint({
  method: 'PUT',
  path: '/dealers/:id',
  summary: 'Change a dealer (the locks of spec §5 apply; a changed configuration section needs dealer.configure)',
  tags,
  access: 'dealer.update',
  params: dealerParams,
  body: dealerBodySchema,
  // 409: the Reseller Id or address is taken, or an email change of an invited dealer is not confirmed yet
  // (DEALER_EMAIL_CHANGE_UNCONFIRMED: the web app asks and sends it again with confirmEmailChange).
  responses: { 200: dealerSchema, ...commonRefusals, 409: errorResponseSchema },
});

export const replaceDealerLogo = defineEndpoint({
  method: 'PUT',
  path: '/dealers/:id/logo',
  summary: "Replace the dealer's logo (multipart: files.logo, an image)",
  tags,
  access: 'dealer.update',
  params: dealerParams,
  multipart: { file: 'logo' },
  responses: { 200: dealerSchema, ...uploadRefusals },
});

export const removeDealerLogo = defineEndpoint({
  method: 'DELETE',
  path: '/dealers/:id/logo',
  summary: "Remove the dealer's logo",
  tags,
  access: 'dealer.update',
  params: dealerParams,
  responses: { 200: dealerSchema, ...commonRefusals },
});

export const replaceDealerConfigFile = defineEndpoint({
  method: 'PUT',
  path: '/dealers/:id/configuration-file',
  summary: "Replace the dealer's fixed configuration file (multipart: files.fixedConfigFile, one .json)",
  tags,
  access: 'dealer.configure',
  params: dealerParams,
  multipart: { file: 'fixedConfigFile' },
  // 400 INVALID_JSON under fixedConfigFile: the stored file does not parse.
  responses: { 200: dealerSchema, ...uploadRefusals },
});

export const dealerConfigFile = defineEndpoint({
  method: 'GET',
  path: '/dealers/:id/configuration-file',
  summary: "The dealer's fixed configuration file, as stored",
  tags,
  access: 'dealer.read',
  params: dealerParams,
  // Any JSON document: the file is sent as uploaded, and was checked to parse when it was.
  responses: { 200: z.unknown(), ...commonRefusals },
});

export const dealerBranch = defineEndpoint({
  method: 'GET',
  path: '/dealers/:id/branch',
  summary: 'The sub-dealers below a dealer, at any depth',
  tags,
  access: 'dealer.read',
  params: dealerParams,
  responses: { 200: z.array(dealerSummarySchema), ...commonRefusals },
});

export const inviteDealer = defineEndpoint({
  method: 'POST',
  path: '/dealers/:id/invitation',
  summary: "Invite the dealer's user (again)",
  tags,
  access: 'dealer.invite',
  params: dealerParams,
  query: localeQuerySchema,
  body: dealerInvitationBodySchema,
  // 409: the address is taken, or inviting again (which signs the user out) is not confirmed yet
  // (DEALER_REINVITE_UNCONFIRMED, DEALER_REINVITE_SELF_UNCONFIRMED).
  responses: {
    200: z.object({ ok: z.literal(true), message: z.string(), signedOut: z.boolean() }),
    ...commonRefusals,
    409: errorResponseSchema,
  },
});
