import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/** A field error as a translation key; `values` fill its placeholders (e.g. a minimum length). */
export interface FieldError {
  key: string;
  values?: Record<string, unknown>;
}

type Errors<T> = Partial<Record<keyof T & string, FieldError>>;

function issueToError(issue: z.core.$ZodIssue): FieldError {
  // Form schemas carry translation keys as messages; anything else falls back to a generic text.
  const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  const values: Record<string, unknown> = {};
  if ('minimum' in issue) values.min = Number(issue.minimum);
  if ('maximum' in issue) values.max = Number(issue.maximum);
  return { key, values };
}

function sameValues<T extends object>(a: T, b: T): boolean {
  return Object.keys(a).every((key) => Object.is(a[key as keyof T], b[key as keyof T]));
}

/**
 * Small form state with zod validation: browser checks mirror the server's so a person sees
 * the problem before a round trip, and server field errors land under the same fields.
 */
export function useForm<T extends Record<string, unknown>, Out>(options: {
  initialValues: T;
  schema: z.ZodType<Out, T>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(options.initialValues);
  const [baseline, setBaseline] = useState<T>(options.initialValues);
  const [errors, setErrors] = useState<Errors<T>>({});

  const setValue = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const validate = (): Out | null => {
    const result = options.schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<T> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '') as keyof T & string;
      next[field] ??= issueToError(issue);
    }
    setErrors(next);
    return null;
  };

  /** Puts the server's field error codes (ApiError `errors`) under the matching fields. */
  const applyServerErrors = (error: unknown, fieldMap: Record<string, keyof T & string> = {}): boolean => {
    if (!(error instanceof ApiError) || !error.body.errors) return false;
    const next: Errors<T> = {};
    for (const [serverField, codes] of Object.entries(error.body.errors)) {
      const field = fieldMap[serverField] ?? (serverField as keyof T & string);
      if (field in values && codes[0]) next[field] = { key: `errors.${codes[0]}` };
    }
    setErrors((current) => ({ ...current, ...next }));
    return Object.keys(next).length > 0;
  };

  const errorText = (field: keyof T & string): string | undefined => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };

  const textProps = (field: keyof T & string) => ({
    value: String(values[field] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(field, event.currentTarget.value as T[typeof field]),
    error: errorText(field),
  });

  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);

  /** Makes the given (saved or loaded) values the new clean state. */
  const reset = useCallback((next: T) => {
    setValues(next);
    setBaseline(next);
    setErrors({});
  }, []);

  return { values, setValue, setValues, validate, errors, errorText, textProps, applyServerErrors, dirty, reset };
}
