import type { FastifyReply } from 'fastify';
import { z } from 'zod';

// The error body and the common refusals belong to the endpoint contracts (ADR 0022); routes not yet
// declared by a contract take them from here.
export { commonRefusals as commonErrors, errorResponseSchema, localeQuerySchema } from '@casebridge/shared/contracts/core';

export const bearerAuth = [{ bearerAuth: [] }];

/**
 * Marks a multipart operation in the OpenAPI document: the part that carries the file and the
 * JSON schema of the `data` part. Such a route declares no `body` (Fastify cannot validate a
 * streamed form), so without the mark the document would not say what it takes; the fuzz test
 * finds multipart operations by it.
 */
export function multipartUpload(fileField: string, data?: z.ZodType): { 'x-multipart': { file: string; data?: unknown } } {
  const dataSchema = data ? { data: z.toJSONSchema(data, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) } : {};
  return { 'x-multipart': { file: `files.${fileField}`, ...dataSchema } };
}

/**
 * Sends a response that is already serialized and checked against its schema (the versioned list
 * caches keep answers as text). The reply is untyped because the route's typed reply accepts only
 * the schema's object, not its text.
 */
export const sendJson = (reply: unknown, body: string) => (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
