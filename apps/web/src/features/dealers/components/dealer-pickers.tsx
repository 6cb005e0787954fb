import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDealerOptions } from '../api/dealers-api.ts';

export interface DealerSelectProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** How the chosen dealer reads before the options have loaded (an edited record's dealer). */
  valueLabel?: string | null;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  description?: string;
  error?: string;
}

/** A searchable pick of one dealer the signed-in user sees (the server limits the list to them). */
export function DealerSelect(props: DealerSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useDealerOptions(debounced);
  const data = (options.data?.data ?? []).map((dealer) => ({ value: String(dealer.id), label: `${dealer.dealerId} - ${dealer.name}` }));
  // The chosen dealer stays selectable when a search hides it.
  if (props.value !== null && !data.some((option) => option.value === String(props.value))) {
    data.unshift({ value: String(props.value), label: props.valueLabel ?? `#${props.value}` });
  }
  return (
    <Select
      label={props.label}
      description={props.description}
      required={props.required}
      disabled={props.disabled}
      clearable={props.clearable}
      searchable
      data={data}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      onSearchChange={setSearch}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The parent of a dealer: chosen by the manager for a new dealer (none: a root dealer), otherwise
 * shown locked (spec §5: locked when editing, and for a dealer user whose root exists).
 */
export function ParentPicker({ value, onChange, disabled, fixedLabel }: { value: number | null; onChange: (id: number | null) => void; disabled: boolean; fixedLabel: string | null }) {
  const { t } = useTranslation();
  if (disabled) {
    return <TextInput label={t('dealers.fields.parent')} value={value === null ? t('dealers.rootDealer') : (fixedLabel ?? `#${value}`)} disabled readOnly />;
  }
  return <DealerSelect label={t('dealers.fields.parent')} description={t('dealers.parentHint')} value={value} onChange={onChange} clearable />;
}
