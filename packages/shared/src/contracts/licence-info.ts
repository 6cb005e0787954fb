import { licenceContentResponseSchema, licenceLookupBodySchema, ticketKeyParamsSchema } from '../schemas/licence-tickets.ts';
import { commonRefusals, defineEndpoint, errorResponseSchema } from './core.ts';

/**
 * The licence info page's two lookups of a key's licence content (spec manager-dealer §3 Licence
 * content). The licence-tickets module registers both routes from these contracts. When the licence
 * store cannot be reached or answers nonsense the lookup answers 502 LICENCE_SERVER_UNAVAILABLE in
 * the error body, on purpose, and the page says so: listed like the refusals (ADR 0022 addendum).
 */
const tags = ['licence tickets'] as const;

export const publicLicenceContent = defineEndpoint({
  method: 'POST',
  path: '/licence-content',
  summary: 'The licence content of a ticket key (public, rate limited)',
  description:
    'Licence content only: never the dealer, customer or registration of the ticket. Limited per client address against walking the key space.',
  tags,
  access: 'public',
  body: licenceLookupBodySchema,
  responses: {
    200: licenceContentResponseSchema,
    400: commonRefusals[400],
    404: commonRefusals[404],
    // Limited per client address against walking the key space.
    429: commonRefusals[429],
    502: errorResponseSchema,
  },
});

export const licenceContentByKey = defineEndpoint({
  method: 'GET',
  path: '/dealer-tickets/by-key/:key/content',
  summary: 'The licence content of a ticket of one’s subtree, named by its key',
  description: 'The key is upper-cased before the lookup. A key of another subtree answers 404 like an unknown one.',
  tags,
  access: 'tickets.read',
  // The key is upper-cased before the lookup; a key of another subtree answers 404 like an unknown one.
  params: ticketKeyParamsSchema,
  responses: { 200: licenceContentResponseSchema, ...commonRefusals, 502: errorResponseSchema },
});
