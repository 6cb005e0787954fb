import type { Endpoint, SchemaOf } from '@casebridge/shared/contracts/core';
import { ACTIONS } from '../access/rule-book.ts';
import type { RouteAccess } from '../access/route-access.ts';
import { bearerAuth, multipartUpload } from './route-schemas.ts';

function routeAccess(endpoint: Endpoint): RouteAccess {
  const { access } = endpoint;
  if (access === 'signedIn' || access === 'public' || Object.hasOwn(ACTIONS, access)) return access as RouteAccess;
  // The contract's access is a string (the rule book is the API's); a typo must stop the start, not open a route.
  throw new Error(`${endpoint.method} ${endpoint.path}: access ${access} is not in the rule book`);
}

interface ContractRoute<E extends Endpoint> {
  method: E['method'];
  url: E['path'];
  config: { access: RouteAccess };
  schema: {
    tags: string[];
    summary: string;
    security?: typeof bearerAuth;
    params: SchemaOf<E, 'params'>;
    querystring: SchemaOf<E, 'query'>;
    body: SchemaOf<E, 'body'>;
    response: E['responses'];
  };
}

/**
 * A route's method, URL, schemas (every answer, refusals included, so the OpenAPI document lists
 * them) and access, all from its contract; the module's routes file adds only the handler:
 * `app.route({ ...fromContract(listClients), handler })`.
 */
export function fromContract<const E extends Endpoint>(endpoint: E): ContractRoute<E> {
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.access === 'public' ? {} : { security: bearerAuth }),
    // Parts the endpoint does not take stay absent: Fastify compiles a validator for each key present.
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.multipart && multipartUpload(endpoint.multipart.file, endpoint.multipart.data)),
    response: endpoint.responses,
  };
  return { method: endpoint.method, url: endpoint.path, config: { access: routeAccess(endpoint) }, schema } as ContractRoute<E>;
}
