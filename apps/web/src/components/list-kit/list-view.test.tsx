import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ListView } from './list-view.tsx';
import { useListState } from './use-list-state.ts';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

function Harness({ archive, shown = rows }: { archive: (rows: Row[]) => Promise<void>; shown?: Row[] }) {
  const list = useListState({ filters: [] });
  return (
    <ListView
      list={list}
      result={{ isPending: false, isError: false, error: null, data: { rows: shown, total: shown.length } }}
      columns={[{ key: 'name', header: 'Name', sortField: 'name', render: (row) => row.name }]}
      rowKey={(row) => row.id}
      search
      batch={{ actions: [{ label: 'Archive', run: archive }], rowLabel: (row) => `Select ${row.name}` }}
    />
  );
}

describe('ListView', () => {
  it('runs a batch action on the selected rows, then clears the selection', async () => {
    const archive = vi.fn(async () => undefined);
    renderRoutes([{ path: '*', element: <Harness archive={archive} /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Beta' }));
    expect(screen.getByText('Selected: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(archive).toHaveBeenCalledWith([rows[1]]);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Select Beta' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText(/^Selected:/)).toBeNull();
  });

  it('selects every row of the page at once', async () => {
    renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} /> }]);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
  });

  it('says "No data found" for an empty page, and marks the sorted column with aria-sort', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} shown={[]} /> }], { path: '/?sort=name:desc' });
    expect(screen.getByText('No data found')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.setup().click(screen.getByRole('button', { name: /Name/ }));
    expect(router.state.location.search).toBe('?sort=name%3Aasc');
  });

  it('writes the search to the URL once the typing pauses, and follows the URL back', async () => {
    const { router } = renderRoutes([{ path: '*', element: <Harness archive={vi.fn()} /> }], { path: '/?sort=name:desc' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'lena');
    expect(router.state.location.search).toBe('?sort=name:desc');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name%3Adesc&q=lena'), { timeout: 2500 });
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe(''));
    expect(router.state.location.search).toBe('?sort=name:desc');
  });
});
