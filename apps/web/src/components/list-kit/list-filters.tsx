import { Group, NativeSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from './use-list-state.ts';

/**
 * A filter a list declares: its URL parameter's name, its label, and how it is chosen. A `searchable`
 * select is a combobox one can type in, for long option lists (a mill's clients).
 */
export type ListFilter =
  /** `error`: the options could not be loaded (they may come from a query). */
  | {
      name: string;
      label: string;
      kind: 'select';
      options: { value: string; label: string }[];
      width?: number;
      error?: string;
      searchable?: boolean;
    }
  | { name: string; label: string; kind: 'text' | 'date'; width?: number }
  /** A few options side by side, all in view (a message's read state); '' is the one left out of the URL. */
  | { name: string; label: string; kind: 'segmented'; options: { value: string; label: string }[] }
  /** On or off, `checked` when the URL does not name it (so the default leaves the URL clean). */
  | { name: string; label: string; kind: 'switch'; checked: boolean };

/** A switch filter's state from its URL value: `true` or `false`, or absent for its default. */
export function switchOn(value: string | undefined, checked: boolean) {
  return value === undefined || value === '' ? checked : value === 'true';
}

/** The URL value of a switch turned `on`: nothing for its default. */
const switchValue = (on: boolean, checked: boolean) => (on === checked ? '' : String(on));

/**
 * A text filter is an exact value (an id, a kind), so it applies on Enter or when the field is left,
 * not per key; it follows the URL when the back button changes it.
 */
function TextFilter({
  label,
  value,
  onCommit,
  width,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  width?: number;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = () => draft.trim() !== value && onCommit(draft.trim());
  return (
    <TextInput
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      w={width ?? 180}
    />
  );
}

/** A segmented control has no label of its own: its radio group is named by the text above it. */
function SegmentedFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} data={options} value={value} onChange={onChange} w="fit-content" />
    </Stack>
  );
}

/** The declared filters and the search box, each labelled; every change returns to page 1 (list-url-state.ts). */
export function ListFilters({ list, filters, search }: { list: ListState; filters: ListFilter[]; search: boolean | string }) {
  const { t } = useTranslation();
  const set = (name: string, value: string) => list.change({ filter: name, value });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {filters.map((filter) =>
        filter.kind === 'select' && filter.searchable ? (
          <Select
            key={filter.name}
            label={filter.label}
            data={filter.options}
            value={list.filters[filter.name] ?? ''}
            onChange={(value) => value !== null && set(filter.name, value)}
            allowDeselect={false}
            searchable
            error={filter.error}
            w={filter.width ?? 220}
          />
        ) : filter.kind === 'select' ? (
          <NativeSelect
            key={filter.name}
            label={filter.label}
            data={filter.options}
            value={list.filters[filter.name] ?? ''}
            onChange={(event) => set(filter.name, event.currentTarget.value)}
            error={filter.error}
            w={filter.width ?? 180}
          />
        ) : filter.kind === 'switch' ? (
          <Switch
            key={filter.name}
            label={filter.label}
            checked={switchOn(list.filters[filter.name], filter.checked)}
            onChange={(event) => set(filter.name, switchValue(event.currentTarget.checked, filter.checked))}
            mb={8}
          />
        ) : filter.kind === 'segmented' ? (
          <SegmentedFilter
            key={filter.name}
            label={filter.label}
            options={filter.options}
            value={list.filters[filter.name] ?? ''}
            onChange={(value) => set(filter.name, value)}
          />
        ) : filter.kind === 'date' ? (
          <TextInput
            key={filter.name}
            label={filter.label}
            type="date"
            value={list.filters[filter.name] ?? ''}
            onChange={(event) => set(filter.name, event.currentTarget.value)}
            w={filter.width ?? 170}
          />
        ) : (
          <TextFilter
            key={filter.name}
            label={filter.label}
            value={list.filters[filter.name] ?? ''}
            onCommit={(value) => set(filter.name, value)}
            width={filter.width}
          />
        ),
      )}
      {search && (
        <TextInput
          label={typeof search === 'string' ? search : t('common.search')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.currentTarget.value)}
          w={260}
          maw="100%"
        />
      )}
    </Group>
  );
}
