import { licenceContentResponseSchema, licenceLookupBodySchema, ticketKeyParamsSchema } from '../schemas/licence-tickets.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/**
 * The licence info page's two lookups of a key's licence content (spec manager-dealer §3 Licence
 * content). The routes belong to the licence-tickets module, which still declares the same schemas
 * by hand; its slice registers them from these contracts. A failure of the licence store (502) is
 * no answer and so not listed (ADR 0022).
 */
const tags = ['licence tickets'] as const;

export const publicLicenceContent = defineEndpoint({
  method: 'POST',
  path: '/licence-content',
  summary: 'The licence content of a ticket key (public, rate limited)',
  tags,
  access: 'public',
  body: licenceLookupBodySchema,
  responses: {
    200: licenceContentResponseSchema,
    400: commonRefusals[400],
    404: commonRefusals[404],
    // Limited per client address against walking the key space.
    429: commonRefusals[429],
  },
});

export const licenceContentByKey = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets/by-key/:key/content',
  summary: 'The licence content of a ticket of one’s subtree, named by its key',
  tags,
  access: 'tickets.read',
  // The key is upper-cased before the lookup; a key of another subtree answers 404 like an unknown one.
  params: ticketKeyParamsSchema,
  responses: { 200: licenceContentResponseSchema, ...commonRefusals },
});
