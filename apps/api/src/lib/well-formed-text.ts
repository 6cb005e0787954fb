import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The first place in `value` (a parsed body, query or path) that holds a string which is not
 * valid Unicode, as its path ('topic', 'items.2.name'), or null when every string is valid.
 *
 * JSON can carry a lone UTF-16 surrogate as an escape (`"\ud800"`). Nothing a person types
 * contains one, and PostgreSQL's jsonb, mail encoders and PDF writers refuse or mangle it, so it
 * is refused at the door, for every endpoint at once, instead of failing deep inside one.
 */
/** In Unicode mode a surrogate pair reads as one code point, so this matches lone halves only. */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

export function illFormedTextAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return wellFormed(value) ? null : path.join('.') || '_';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!wellFormed(key)) return [...path, '_'].join('.');
    const found = illFormedTextAt(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** A 400 that names the field, like a failed schema rule does. */
export function illFormedTextError(field: string): AppError {
  return AppError.fields({ [field.split('.')[0]!]: ['VALIDATION_FAILED'] }, 'Text must be valid Unicode');
}

/** Checks path, query and JSON body of every request before its schema runs. */
export function refuseIllFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = illFormedTextAt(part);
      if (field !== null) throw illFormedTextError(field);
    }
  });
}
