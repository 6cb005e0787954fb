import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SortState } from '../lib/use-paging.ts';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
}
const columns: DataTableColumn<Row>[] = [
  { key: 'id', header: 'Order ID', render: (row) => `#${row.id}` },
  { key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'created', header: 'Created', sortField: 'created', render: () => '' },
];

function Orders() {
  const [sort, setSort] = useState<SortState>({ field: 'created', direction: 'desc' });
  return (
    <>
      <DataTable columns={columns} rows={[{ id: 1, name: 'Crown 11' }]} rowKey={(row) => row.id} sort={sort} onSortChange={setSort} />
      <output>{`${sort.field} ${sort.direction}`}</output>
    </>
  );
}

describe('the data table header', () => {
  it('sorts when the header cell is clicked anywhere, not only on its text, and says so in aria-sort', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Orders />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const created = screen.getByRole('columnheader', { name: 'Created' });
    expect(name.getAttribute('aria-sort')).toBeNull();
    expect(created.getAttribute('aria-sort')).toBe('descending');
    // The click lands on the cell itself (its padding), outside the button with the text.
    await user.click(name);
    expect(screen.getByRole('status').textContent).toBe('name asc');
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    expect(created.getAttribute('aria-sort')).toBeNull();
    await user.click(name);
    expect(name.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts once per click on the text, and from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Orders />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('status').textContent).toBe('name asc');
    screen.getByRole('button', { name: 'Created' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('created asc');
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('leaves a column without a sort field a plain header', () => {
    renderWithProviders(<Orders />);
    expect(screen.queryByRole('button', { name: 'Order ID' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Order ID' }).getAttribute('aria-sort')).toBeNull();
  });
});
