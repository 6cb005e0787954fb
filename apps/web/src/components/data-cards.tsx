import { Box, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../lib/use-paging.ts';
import type { DataTableColumn, DataTableProps } from './data-table-types.ts';
import { ExpandToggle } from './expand-toggle.tsx';

/** A rendered cell that shows nothing: its field is left out of the card rather than shown blank. */
const isBlank = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

const headerText = (column: DataTableColumn<never>) => (typeof column.header === 'string' ? column.header : column.key);

/** The table's sortable headers as one select: a card list has no header row to click. */
function SortSelect<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: DataTableColumn<Row>[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortField !== undefined);
  if (sortable.length === 0) return null;
  const data = sortable.flatMap((column) => {
    const name = headerText(column);
    return [
      { value: `${column.sortField}:asc`, label: t('table.sortAscending', { column: name }) },
      { value: `${column.sortField}:desc`, label: t('table.sortDescending', { column: name }) },
    ];
  });
  return (
    <NativeSelect
      label={t('table.sortBy')}
      data={data}
      value={`${sort.field}:${sort.direction}`}
      onChange={(event) => {
        const [field, direction] = event.currentTarget.value.split(':');
        onSortChange({ field: field!, direction: direction === 'desc' ? 'desc' : 'asc' });
      }}
    />
  );
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* Long e-mail addresses and names break rather than widen the card. */}
      <Box fz="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Group>
  );
}

interface CardProps<Row> extends Pick<DataTableProps<Row>, 'columns' | 'onRowClick' | 'expansion'> {
  row: Row;
  open: boolean;
  onToggle: () => void;
  detailId: string;
}

/**
 * A column's place in a card. Unless told: an `actions` column gives the card's actions, and the
 * first column is its heading when no column is marked as the title.
 */
function placeOf<Row>(column: DataTableColumn<Row>, columns: DataTableColumn<Row>[]): DataTableColumn<Row>['phone'] {
  if (column.phone) return column.phone;
  if (column.key === 'actions') return 'actions';
  const hasTitle = columns.some((other) => other.phone === 'title');
  return !hasTitle && column === columns[0] ? 'title' : undefined;
}

function DataCard<Row>({ row, columns, onRowClick, expansion, open, onToggle, detailId }: CardProps<Row>) {
  const title = columns.filter((column) => placeOf(column, columns) === 'title');
  const actions = columns.filter((column) => placeOf(column, columns) === 'actions');
  const fields = columns.filter((column) => placeOf(column, columns) === undefined);
  const content = expansion?.content(row) ?? null;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
            {title.map((column) => (
              <Box key={column.key}>{column.render(row)}</Box>
            ))}
          </Box>
          {expansion && content !== null && (
            <ExpandToggle label={expansion.toggleLabel(row)} open={open} controls={detailId} onToggle={onToggle} />
          )}
        </Group>
        {fields.map((column) => {
          const value = column.render(row);
          return isBlank(value) ? null : (
            <Field key={column.key} label={column.header}>
              {value}
            </Field>
          );
        })}
        {actions.length > 0 && (
          <Group justify="flex-end" gap={4}>
            {actions.map((column) => (
              <Box key={column.key}>{column.render(row)}</Box>
            ))}
          </Group>
        )}
        {open && content !== null && <Box id={detailId}>{content}</Box>}
      </Stack>
    </Paper>
  );
}

export interface DataCardsProps<Row> extends DataTableProps<Row> {
  expanded: ReadonlySet<string | number>;
  onToggle: (key: string | number) => void;
}

/**
 * The table's rows as cards, for phones (issue 10): each card keeps the row's title, its
 * non-empty fields with their headers, and its actions at hand, so nothing scrolls sideways.
 */
export function DataCards<Row>({
  columns,
  rows,
  rowKey,
  onRowClick,
  caption,
  sort,
  onSortChange,
  expansion,
  expanded,
  onToggle,
}: DataCardsProps<Row>) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const shown = columns.filter((column) => column.phone !== 'hidden');
  return (
    <Stack gap="xs">
      {sort && onSortChange && <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />}
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t('common.noData')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label={caption} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <DataCard
                key={key}
                row={row}
                columns={shown}
                onRowClick={onRowClick}
                expansion={expansion}
                open={expanded.has(key)}
                onToggle={() => onToggle(key)}
                detailId={`${idPrefix}-${key}`}
              />
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
