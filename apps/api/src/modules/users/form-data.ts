import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/** Validates the JSON of a multipart `data` field with the same schemas as a JSON body. */
export function parseFormData<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, ['VALIDATION_FAILED']> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'data')] = ['VALIDATION_FAILED'];
  throw AppError.fields(errors);
}
