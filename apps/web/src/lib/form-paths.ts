/**
 * Nested form values addressed by dotted paths (`dealerContact.city`), for lib/use-form.ts. The
 * values are plain data (strings, numbers, booleans, null, plain objects and arrays) and are never
 * changed in place: a change copies the objects on its path, so React sees a new state.
 */

/** Values a path stops at rather than walking into: what an input holds, or an array as a whole. */
type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob | readonly unknown[];

/** Every dotted path into `T`: its fields, and the fields of its nested objects (`a`, `a.b`, `a.b.c`). */
export type Path<T> = T extends Leaf
  ? never
  : { [K in keyof T & string]: NonNullable<T[K]> extends Leaf ? K : K | `${K}.${Path<NonNullable<T[K]>>}` }[keyof T & string];

/** The type of the value at a dotted path. */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

type Steps = readonly PropertyKey[];

const isRecord = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && !(value instanceof Blob);

export const stepsOf = (path: string): string[] => path.split('.');

/** Whether the path leads to a value of the form (which may be empty), rather than past it. */
export function hasPath(values: unknown, steps: Steps): boolean {
  let at = values;
  for (const step of steps) {
    if (!isRecord(at) || !(step in at)) return false;
    at = at[step];
  }
  return steps.length > 0;
}

export function getIn(values: unknown, steps: Steps): unknown {
  return steps.reduce<unknown>((at, step) => (isRecord(at) ? at[step] : undefined), values);
}

/** A copy of `values` with `value` at the path, copying only the objects on the way. */
export function setIn<T>(values: T, steps: Steps, value: unknown): T {
  if (steps.length === 0) return value as T;
  const [head, ...rest] = steps as [PropertyKey, ...PropertyKey[]];
  const current = values as Record<PropertyKey, unknown>;
  const next = setIn(current[head], rest, value);
  return (Array.isArray(current) ? Object.assign([...current], { [head]: next }) : { ...current, [head]: next }) as T;
}

/** Deep equality of plain form values: the unsaved-changes warning ends when typing is undone. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isRecord(a) || !isRecord(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValues(a[key], b[key]));
}

/**
 * The form field a validation issue belongs to, as a dotted path. A nested form whose values
 * mirror the request finds the whole path; a flat form piped into a nested request
 * (the shipping address) finds the path's tail. The earliest and longest part of the path that
 * leads to a form value wins.
 */
export function fieldOf(path: Steps, values: unknown): string | null {
  for (let start = 0; start < path.length; start += 1) {
    for (let end = path.length; end > start; end -= 1) {
      const steps = path.slice(start, end);
      if (steps.every((step) => typeof step === 'string' || typeof step === 'number') && hasPath(values, steps)) {
        return steps.join('.');
      }
    }
  }
  return null;
}
