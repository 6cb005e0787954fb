import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDealer } from '../../../lib/format.ts';
import { useDealer, useDealerOptions } from '../api/dealers-api.ts';

export interface DealerSelectProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** How the chosen dealer reads while it is not among the options (it is then read by id). */
  valueLabel?: string | null;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  description?: string;
  error?: string;
}

/**
 * A searchable pick of one dealer the signed-in user sees (the server limits the list to their
 * subtree). A subtree the first page holds whole is searched here; a larger one on the server.
 */
export function DealerSelect(props: DealerSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<string | null>(null);
  const first = useDealerOptions('');
  const whole = first.data !== undefined && first.data.count <= first.data.data.length;
  const initial = first.data?.data.find((dealer) => dealer.id === props.value);
  // The select writes the chosen option's label into the search box: that is no search.
  const shown = picked ?? (initial ? formatDealer(initial) : props.valueLabel);
  const serverSearch = !whole && debounced !== shown ? debounced : '';
  const options = useDealerOptions(serverSearch);
  const data = (options.data ?? first.data)?.data.map((dealer) => ({ value: String(dealer.id), label: formatDealer(dealer) })) ?? [];
  const listed = props.value === null || data.some((option) => option.value === String(props.value));
  const chosen = useDealer(listed || props.valueLabel ? null : props.value);
  if (!listed) data.unshift({ value: String(props.value), label: props.valueLabel ?? (chosen.data ? formatDealer(chosen.data) : '…') });
  return (
    <Select
      label={props.label}
      description={props.description}
      required={props.required}
      disabled={props.disabled}
      clearable={props.clearable}
      searchable
      // Picking the chosen dealer again keeps it; clearing is the clear button's job.
      allowDeselect={false}
      // Server results match by address too, which the label does not show.
      filter={whole ? undefined : ({ options: found }) => found}
      data={data}
      value={props.value === null ? null : String(props.value)}
      onChange={(value, option) => {
        setPicked(option?.label ?? null);
        props.onChange(value ? Number(value) : null);
      }}
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
export function ParentPicker({
  value,
  onChange,
  disabled,
  fixedLabel,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  disabled: boolean;
  fixedLabel: string | null;
}) {
  const { t } = useTranslation();
  if (disabled) {
    return (
      <TextInput
        label={t('dealers.fields.parent')}
        value={value === null ? t('dealers.rootDealer') : (fixedLabel ?? `#${value}`)}
        disabled
        readOnly
      />
    );
  }
  return (
    <DealerSelect label={t('dealers.fields.parent')} description={t('dealers.parentHint')} value={value} onChange={onChange} clearable />
  );
}
