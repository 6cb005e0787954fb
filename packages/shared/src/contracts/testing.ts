import { z } from 'zod';
import { successStatus, type Endpoint } from './core.ts';

/**
 * A copy of a contract whose success answer has one field renamed: the rename tests (issue 27)
 * show that the server, the web client and the test fakes all refuse the old shape after a rename.
 */
export function withRenamedField<E extends Endpoint>(endpoint: E, from: string, to: string): E {
  const status = successStatus(endpoint);
  const schema = (endpoint.responses as Record<number, z.ZodType>)[status];
  if (!(schema instanceof z.ZodObject) || !(from in schema.shape)) throw new Error(`${endpoint.path}: the answer has no field ${from}`);
  const { [from]: field, ...rest } = schema.shape as Record<string, z.ZodType>;
  return { ...endpoint, responses: { ...endpoint.responses, [status]: z.object({ ...rest, [to]: field! }) } };
}
