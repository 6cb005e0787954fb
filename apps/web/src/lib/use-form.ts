import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorCodeKey } from './error-message.ts';
import { toFieldError, type FieldError, type FieldWords } from './form-errors.ts';
import { fieldOf, getIn, hasPath, sameValues, setIn, stepsOf, type Path, type PathValue } from './form-paths.ts';

export type { Path as FieldPath } from './form-paths.ts';

type Plain = string | number | boolean | bigint | symbol | null | Date | Blob | readonly unknown[];
/** Every field present, in nested objects too: optional ones hold their empty value. */
type Filled<T> = T extends Plain ? T : { [K in keyof T]-?: Filled<Exclude<T[K], undefined>> };

/** What a form holds for a schema: every field of its input (nested ones too), optional ones as their empty value. */
export type FormValues<S extends z.ZodType> = Filled<z.input<S>>;

/** Errors by dotted field path (`dealerContact.city`), as translation keys translated when shown. */
type Errors = Partial<Record<string, FieldError>>;

export interface FormOptions<T> {
  initialValues: T;
  /**
   * The rules: the shared request schema, or a form schema piped into it where the form's shape
   * differs from the request's. Its output is what `validate` returns.
   */
  schema: z.ZodType;
  /**
   * The form's rules the shared schema does not hold (a specification's conditional rule in its own
   * words), as a translation key by field path. They are checked with the schema, and win over it.
   */
  rules?: (values: T) => Partial<Record<Path<T>, string>>;
  /** The form's own words for some breaches of the schema, by field name: see form-errors.ts. */
  words?: FieldWords;
}

export interface ServerErrorOptions<T> {
  /** The form field of a server field whose name differs (`identifier` → `email`). */
  fields?: Record<string, Path<T>>;
  /** The form's own words for some server error codes (a taken id in the specification's words). */
  codes?: Record<string, string>;
}

/** Every error found in `values`: the form's own rules first, then the schema's issues under their fields. */
function findErrors<T>(values: T, options: FormOptions<T>): { valid: boolean; data: unknown; errors: Errors } {
  const errors: Errors = {};
  for (const [path, key] of Object.entries(options.rules?.(values) ?? {})) if (typeof key === 'string') errors[path] = { key };
  const result = options.schema.safeParse(values);
  for (const issue of result.error?.issues ?? []) {
    const path = fieldOf(issue.path, values);
    if (!path) continue;
    const steps = stepsOf(path);
    errors[path] ??= toFieldError(issue, steps.at(-1)!, getIn(values, steps), options.words);
  }
  return { valid: result.success && Object.keys(errors).length === 0, data: result.data, errors };
}

/** The server's field error codes (ApiError `errors`) under the matching form fields. */
function serverErrorsOf<T>(error: unknown, values: T, options: ServerErrorOptions<T>): Errors {
  const errors: Errors = {};
  if (!(error instanceof ApiError) || !error.body.errors) return errors;
  for (const [serverField, codes] of Object.entries(error.body.errors)) {
    const path: string = options.fields?.[serverField] ?? serverField;
    const code = codes[0];
    if (code && hasPath(values, stepsOf(path))) errors[path] = { key: options.codes?.[code] ?? errorCodeKey(code) };
  }
  return errors;
}

/** The errors without those at `path` and below it: a changed value is checked again on the next submit. */
function withoutErrorsAt(errors: Errors, path: string): Errors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`)));
}

/**
 * Small form state validated by a shared schema (packages/shared): the browser checks exactly the
 * rules the server checks, so a person sees the problem before a round trip, and server field
 * errors land under the same fields. Values may nest; a field is addressed by its dotted path.
 * Why not react-hook-form: docs/decisions/0006-form-hook.md and 0025-one-form-engine.md.
 */
export function useForm<S extends z.ZodType>(options: Omit<FormOptions<FormValues<S>>, 'schema'> & { schema: S }) {
  return useFormState<FormValues<S>, z.output<S>>(options);
}

/** What useForm returns for a schema: the form's parts take it as one prop. */
export type Form<S extends z.ZodType> = ReturnType<typeof useForm<S>>;

function useFormState<T, Out>(options: FormOptions<T>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(options.initialValues);
  const [baseline, setBaseline] = useState<T>(options.initialValues);
  const [errors, setErrors] = useState<Errors>({});

  const setValue = useCallback(<P extends Path<T>>(path: P, value: PathValue<T, P>) => {
    setValues((current) => setIn(current, stepsOf(path), value));
    setErrors((current) => withoutErrorsAt(current, path));
  }, []);

  /** The schema's output when every rule holds; otherwise null, with the errors under their fields. */
  const validate = (): Out | null => {
    const found = findErrors(values, options);
    setErrors(found.errors);
    return found.valid ? (found.data as Out) : null;
  };

  /** Puts the server's field errors under the matching fields; true when any landed. */
  const applyServerErrors = (error: unknown, serverOptions: ServerErrorOptions<T> = {}): boolean => {
    const next = serverErrorsOf(error, values, serverOptions);
    setErrors((current) => ({ ...current, ...next }));
    return Object.keys(next).length > 0;
  };

  /** An error found outside the schema (the server says a new id is taken). */
  const setError = useCallback((path: Path<T>, error: FieldError) => setErrors((current) => ({ ...current, [path]: error })), []);

  const errorText = (path: Path<T>): string | undefined => {
    const error = errors[path];
    return error ? t(error.key, error.values) : undefined;
  };

  const textProps = (path: Path<T>) => ({
    value: String(getIn(values, stepsOf(path)) ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(path, event.currentTarget.value as PathValue<T, typeof path>),
    error: errorText(path),
  });

  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);

  /** Makes the given (saved or loaded) values the new clean state. */
  const reset = useCallback((next: T) => {
    setValues(next);
    setBaseline(next);
    setErrors({});
  }, []);

  return { values, setValue, setValues, validate, errors, setError, errorText, textProps, applyServerErrors, dirty, reset };
}
