import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorCodeKey } from './error-message.ts';
import { toFieldError, type FieldError } from './form-errors.ts';

/** What a form holds for a schema: every field of its input, optional ones as their empty value. */
export type FormValues<S extends z.ZodType> = { [K in keyof z.input<S>]-?: Exclude<z.input<S>[K], undefined> };

type Errors<T> = Partial<Record<keyof T & string, FieldError>>;

/** The form field an issue belongs to: the innermost step of its path that is one of the fields. */
function fieldOf<T extends object>(path: readonly PropertyKey[], values: T): (keyof T & string) | null {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const step = path[index];
    if (typeof step === 'string' && step in values) return step as keyof T & string;
  }
  return null;
}

function sameValues<T extends object>(a: T, b: T): boolean {
  return Object.keys(a).every((key) => Object.is(a[key as keyof T], b[key as keyof T]));
}

/**
 * Small form state validated by a shared schema (packages/shared): the browser checks exactly the
 * rules the server checks, so a person sees the problem before a round trip, and server field
 * errors land under the same fields. Why not react-hook-form: docs/decisions/0006-form-hook.md.
 */
export function useForm<S extends z.ZodType>(options: { initialValues: FormValues<S>; schema: S }) {
  return useFormState<FormValues<S>, z.output<S>>(options.initialValues, options.schema as z.ZodType<z.output<S>>);
}

function useFormState<T extends Record<string, unknown>, Out>(initialValues: T, schema: z.ZodType<Out>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(initialValues);
  const [baseline, setBaseline] = useState<T>(initialValues);
  const [errors, setErrors] = useState<Errors<T>>({});

  const setValue = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const validate = (): Out | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Errors<T> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path, values);
      if (field) next[field] ??= toFieldError(issue, field, values[field]);
    }
    setErrors(next);
    return null;
  };

  /** Puts the server's field error codes (ApiError `errors`) under the matching fields. */
  const applyServerErrors = (error: unknown, fieldMap: Record<string, keyof T & string> = {}): boolean => {
    if (!(error instanceof ApiError) || !error.body.errors) return false;
    const next: Errors<T> = {};
    for (const [serverField, codes] of Object.entries(error.body.errors)) {
      // Without the cast `next[field]` below is a write through a generic index, which TypeScript refuses (TS2862).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      const field = fieldMap[serverField] ?? (serverField as keyof T & string);
      if (field in values && codes[0]) next[field] = { key: errorCodeKey(codes[0]) };
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
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(field, event.currentTarget.value as T[typeof field]),
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
