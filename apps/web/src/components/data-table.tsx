import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../lib/use-paging.ts';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** The server's sort field for this column; without it the column is not sortable. */
  sortField?: string;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  onRowClick?: (row: Row) => void;
  caption?: string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
}

function SortHeader({ header, field, sort, onSortChange }: { header: ReactNode; field: string; sort?: SortState; onSortChange: (sort: SortState) => void }) {
  const active = sort?.field === field;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() => onSortChange({ field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
      fw={700}
      fz="sm"
    >
      <Group gap={4} wrap="nowrap">
        {header}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
}

/** The shared table: spec §8 wants 'No data found' in every empty table. */
export function DataTable<Row>({ columns, rows, rowKey, onRowClick, caption, sort, onSortChange }: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table highlightOnHover={Boolean(onRowClick)} striped>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sortable = column.sortField !== undefined && onSortChange !== undefined;
              const ariaSort = sortable && sort && sort.field === column.sortField ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <Table.Th key={column.key} aria-sort={ariaSort}>
                  {sortable ? (
                    <SortHeader header={column.header} field={column.sortField!} sort={sort} onSortChange={onSortChange} />
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common.noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
