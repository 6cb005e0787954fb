import type { FastifyReply, FastifyRequest } from 'fastify';
import { successStatus, type Endpoint, type SchemaOf } from '@casebridge/shared/contracts/core';
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
  /** Only for a success other than 200: sets its status before the handler runs. */
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
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
    ...(endpoint.description && { description: endpoint.description }),
    ...(endpoint.access === 'public' ? {} : { security: bearerAuth }),
    // Parts the endpoint does not take stay absent: Fastify compiles a validator for each key present.
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.multipart && multipartUpload(endpoint.multipart.file, endpoint.multipart.data)),
    response: endpoint.responses,
  };
  const route = { method: endpoint.method, url: endpoint.path, config: { access: routeAccess(endpoint) }, schema };
  const status = successStatus(endpoint);
  if (status === 200) return route as ContractRoute<E>;
  return { ...route, preHandler: successCode(status) } as ContractRoute<E>;
}

/**
 * The handler returns the answer and the contract's status goes with it: set first, so a refusal
 * (the error handler sets its own status) is unaffected, and a 204's handler may return nothing.
 * A routes file that needs a preHandler of its own must call this one too.
 */
function successCode(status: number) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.code(status);
  };
}
