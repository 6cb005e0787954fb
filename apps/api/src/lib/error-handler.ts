import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@casebridge/shared/errors';
import { AppError } from './app-error.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, code: ErrorCode, message: string, errors?: Record<string, ErrorCode[]>): ApiErrorBody {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', code, message, ...(errors ? { errors } : {}) };
}

/** Which code a failed schema rule gets, so the web app can say precisely what is wrong. */
function fieldCode(field: string, keyword: string): ErrorCode {
  if (/password$/i.test(field) && field !== 'currentPassword') {
    if (keyword === 'too_small') return 'PASSWORD_TOO_SHORT';
    if (keyword === 'too_big') return 'PASSWORD_TOO_LONG';
  }
  if (field === 'activationKey') return 'ACTIVATION_KEY_INVALID';
  if (field === 'licenseKey') return 'LICENCE_KEY_INVALID';
  return 'VALIDATION_FAILED';
}

function validationBody(validation: { instancePath: string; keyword: string }[]): ApiErrorBody {
  const errors: Record<string, ErrorCode[]> = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean)[0] ?? '_';
    const code = fieldCode(field, issue.keyword);
    errors[field] = [...new Set([...(errors[field] ?? []), code])];
  }
  return errorBody(400, 'VALIDATION_FAILED', 'Please correct the marked fields', errors);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationBody(error.validation));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(errorBody(413, 'FILE_TOO_LARGE', 'The upload is too large'));
    }
    if (error.statusCode === 415) {
      // Fastify says only "Unsupported Media Type", also for a Content-Type it cannot read at all.
      return reply
        .status(415)
        .send(errorBody(415, 'VALIDATION_FAILED', 'The Content-Type of this request is not one this endpoint accepts'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): say so without internals.
      return reply.status(error.statusCode).send(errorBody(error.statusCode, 'VALIDATION_FAILED', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
