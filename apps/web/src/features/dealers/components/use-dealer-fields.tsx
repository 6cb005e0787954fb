import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import type { DealerErrors, DealerValues } from './dealer-form-rules.ts';
import type { DealerFields } from './dealer-form-sections.tsx';

/** Sets one value at a dotted path, copying the objects on the way (the form's state is immutable). */
function setIn<T>(object: T, path: string[], value: unknown): T {
  const [head, ...rest] = path;
  const current = object as Record<string, unknown>;
  return { ...current, [head!]: rest.length === 0 ? value : setIn(current[head!], rest, value) } as T;
}

function getIn(object: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}

/**
 * The dealer form's nested values by dotted path, their errors (translation keys) and the
 * unsaved-changes warning until the values are saved.
 */
export function useDealerFields(initial: DealerValues) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DealerValues>(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<DealerErrors>({});
  useUnsavedChangesGuard(JSON.stringify(values) !== JSON.stringify(baseline));

  const set = (path: string, value: unknown) => {
    setValues((current) => setIn(current, path.split('.'), value));
    setErrors((current) => ({ ...current, [path]: '' }));
  };
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const text: DealerFields['text'] = (path, label, extra = {}) => (
    <TextInput
      label={label}
      value={String(getIn(values, path.split('.')) ?? '')}
      onChange={(event) => set(path, event.currentTarget.value)}
      error={error(path)}
      {...extra}
    />
  );
  const fields: DealerFields = { values, set, setValues, text, error };
  return { fields, setErrors, markSaved: setBaseline };
}
