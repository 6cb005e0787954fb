import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SortState } from '../lib/use-paging.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { onPhone } from '../test/viewport.ts';

interface Row {
  id: number;
  name: string;
  note: string;
}
const rows: Row[] = [
  { id: 1, name: 'Crown 11', note: 'urgent' },
  { id: 2, name: 'Bridge 34', note: '' },
];
const remove = vi.fn();

function Orders() {
  const [sort, setSort] = useState<SortState>({ field: 'name', direction: 'asc' });
  const columns: DataTableColumn<Row>[] = [
    { key: 'id', header: 'Order ID', render: (row) => `#${row.id}` },
    { key: 'name', header: 'Name', sortField: 'name', phone: 'title', render: (row) => row.name },
    { key: 'note', header: 'Note', render: (row) => row.note },
    { key: 'actions', header: 'Actions', render: (row) => <button onClick={() => remove(row.id)}>{`Delete ${row.name}`}</button> },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        caption="Orders"
        sort={sort}
        onSortChange={setSort}
        expansion={{
          toggleLabel: (row) => `Show components of ${row.name}`,
          content: (row) => (row.id === 1 ? <p>Components of Crown 11</p> : null),
        }}
      />
      <output>{`${sort.field} ${sort.direction}`}</output>
    </>
  );
}

describe('the data table on a phone', () => {
  it('shows each row as a card: the title, its non-empty fields with their headers, and its actions', async () => {
    onPhone();
    const user = userEvent.setup();
    renderWithProviders(<Orders />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Crown 11')).toBeTruthy();
    expect(within(cards[0]!).getByText('Order ID')).toBeTruthy();
    expect(within(cards[0]!).getByText('urgent')).toBeTruthy();
    // An empty note is left out rather than shown as a blank field.
    expect(within(cards[1]!).queryByText('Note')).toBeNull();
    await user.click(within(cards[1]!).getByRole('button', { name: 'Delete Bridge 34' }));
    expect(remove).toHaveBeenCalledWith(2);
  });

  it('opens a row that has details, and offers no toggle for one that has none', async () => {
    onPhone();
    const user = userEvent.setup();
    renderWithProviders(<Orders />);
    expect(screen.queryByRole('button', { name: 'Show components of Bridge 34' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show components of Crown 11' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Components of Crown 11')).toBeTruthy();
  });

  it('sorts with a labelled select, since cards have no header row', async () => {
    onPhone();
    const user = userEvent.setup();
    renderWithProviders(<Orders />);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name, descending');
    expect(screen.getByRole('status').textContent).toBe('name desc');
  });

  it('stays a table on a wide screen', () => {
    renderWithProviders(<Orders />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });
});
